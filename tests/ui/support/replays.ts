import { expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { englishOf } from '../../../machines/text';
import type { MachinePath } from '../../support/paths';
import type { RenderedApp } from './renderApp';

/**
 * Replaying a machine's generated paths on the rendered app (tests/ui/shell/preferenceReplays.test.tsx
 * shows the way): each step's event comes from where it comes from in the product — an actor's
 * result is the API's answer (msw), a customer's event is a click — and after each step the screen
 * must show what the reached state means. Steps a customer cannot produce are listed, with the
 * reason, as off-screen.
 */

export interface Step {
  event: EventObject;
  state: { value: string; context: Record<string, unknown> };
}

export const stepsOf = (path: MachinePath): Step[] =>
  path.steps.map((step) => ({ event: step.event, state: JSON.parse(step.state) as Step['state'] }));

export const isDone = (event: EventObject, actor: string) => event.type === `xstate.done.actor.${actor}`;
export const isError = (event: EventObject, actor: string) => event.type === `xstate.error.actor.${actor}`;
export const payload = (event: EventObject) => event as EventObject & Record<string, unknown>;
export const errorOf = (event: EventObject) => payload(event).error as { kind?: string };

/** Replays each generated path that is not listed as impossible on the screen. */
export function replayEach(
  paths: readonly MachinePath[],
  offScreen: Record<string, string>,
  replay: (path: MachinePath) => Promise<void>,
) {
  const names = new Set(paths.map((path) => path.name));
  it('lists only paths the plan generates as impossible on the screen', () => {
    expect(Object.keys(offScreen).filter((name) => !names.has(name))).toEqual([]);
  });
  const onScreen = paths.filter((path) => !(path.name in offScreen));
  it.each(onScreen.map((path) => [path.name, path] as const))('%s', (_, path) => replay(path));
}

/** Every notice the toast queue shows, however briefly (a toast can close before a slow CI renders it). */
export function watchNotices(view: RenderedApp): string[] {
  const notices: string[] = [];
  const seen = new Set<string>();
  const toasts = view.app.getSnapshot().context.toasts;
  const note = (snapshot: ReturnType<typeof toasts.getSnapshot>) => {
    for (const toast of snapshot.context.toasts) {
      if (!seen.has(toast.id)) notices.push(englishOf(toast.text));
      seen.add(toast.id);
    }
  };
  note(toasts.getSnapshot());
  toasts.subscribe(note);
  return notices;
}

/**
 * The paths in which `actor`'s call is cancelled, each with `reason`: a call is cancelled only when
 * its screen goes away and stops the actor, so no customer step on that screen produces it.
 */
export function cancelledPaths(
  paths: readonly MachinePath[],
  actor: string,
  reason: string,
): Record<string, string> {
  const cancelled = (path: MachinePath) =>
    path.steps.some(({ event }) => isError(event, actor) && errorOf(event).kind === 'cancelled');
  return Object.fromEntries(paths.filter(cancelled).map((path) => [path.name, reason]));
}
