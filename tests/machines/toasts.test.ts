import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, SimulatedClock, transition } from 'xstate';
import { verbatim } from '../../machines/text';
import { TOAST_DURATION_MS, type ToastsEvent, toastsMachine } from '../../machines/toasts';
import { describePaths, pathPlan } from '../support/paths';
import { english } from '../support/text';

describePaths(
  'toasts paths',
  pathPlan(toastsMachine, {
    // Two toasts are enough to show that DISMISS removes the right one; the id counter is left out
    // of the key so the state space stays finite.
    events: (snapshot): ToastsEvent[] => [
      ...(snapshot.context.toasts.length < 2
        ? [{ type: 'SHOW' as const, kind: 'info' as const, text: verbatim('Hi') }]
        : []),
      ...snapshot.context.toasts.map((t) => ({ type: 'DISMISS' as const, id: t.id })),
    ],
    key: (snapshot) => snapshot.context.toasts.map((t) => t.text),
  }),
);

describe('toasts rules', () => {
  it('auto-closes after 3000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(3000);
  });

  it('gives toasts deterministic ids and removes only the dismissed one', () => {
    const [empty] = initialTransition(toastsMachine);
    let [snapshot, actions] = transition(toastsMachine, empty, {
      type: 'SHOW',
      kind: 'success',
      text: { id: 'profile.notice.saved', defaultMessage: 'Saved' },
    });
    expect(actions.map((a) => [a.type, a.params])).toContainEqual([
      'xstate.raise',
      expect.objectContaining({
        id: 'toast-1',
        delay: TOAST_DURATION_MS,
        event: { type: 'DISMISS', id: 'toast-1' },
      }),
    ]);
    [snapshot] = transition(toastsMachine, snapshot, { type: 'SHOW', kind: 'error', text: verbatim('Oops') });
    expect(snapshot.context.toasts).toEqual([
      { id: 'toast-1', kind: 'success', text: { id: 'profile.notice.saved', defaultMessage: 'Saved' } },
      { id: 'toast-2', kind: 'error', text: verbatim('Oops') },
    ]);
    [snapshot] = transition(toastsMachine, snapshot, { type: 'DISMISS', id: 'toast-1' });
    expect(snapshot.context.toasts.map((t) => t.id)).toEqual(['toast-2']);
  });

  it('a live queue closes each toast 3000 ms after it was shown', () => {
    const clock = new SimulatedClock();
    const queue = createActor(toastsMachine, { clock }).start();
    const messages = () => english(queue.getSnapshot().context.toasts.map((t) => t.text));
    queue.send({ type: 'SHOW', kind: 'info', text: verbatim('first') });
    clock.increment(1000);
    queue.send({ type: 'SHOW', kind: 'info', text: verbatim('second') });
    clock.increment(TOAST_DURATION_MS - 1001);
    expect(messages()).toEqual(['first', 'second']);
    clock.increment(1);
    expect(messages()).toEqual(['second']);
    clock.increment(1000);
    expect(messages()).toEqual([]);
    queue.stop();
  });

  it('dismissing a toast cancels its timer', () => {
    const clock = new SimulatedClock();
    const dismissed: string[] = [];
    const queue = createActor(toastsMachine, {
      clock,
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.event.type === 'DISMISS') dismissed.push(e.event.id);
      },
    }).start();
    queue.send({ type: 'SHOW', kind: 'info', text: verbatim('a') });
    queue.send({ type: 'SHOW', kind: 'info', text: verbatim('b') });
    queue.send({ type: 'DISMISS', id: 'toast-1' });
    clock.increment(TOAST_DURATION_MS);
    expect(dismissed).toEqual(['toast-1', 'toast-2']);
    expect(queue.getSnapshot().context.toasts).toEqual([]);
    queue.stop();
  });
});
