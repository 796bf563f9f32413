import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { isApiFailure } from '../../../domain/api-failure';
import { englishOf, type Text } from '../../../machines/text';
import { UNVERIFIED_EMAIL_MESSAGE } from '../../../src/api';
import type { MachinePath } from '../../support/paths';
import { failure, type RenderedApp } from '../support';
import { field, type heldOperation, main } from './support';

/**
 * Replays a form machine's path (tests/support/formPaths.ts) on its rendered screen (docs/architecture.md §5):
 * the machine's events become what a customer does (typing, clicking) and what the server answers
 * (msw), and after every step the screen must show what the recorded machine state holds.
 */
export interface FormScreen {
  /** Machine field → its label on the screen. */
  labels: Readonly<Record<string, string>>;
  submit: { idle: string; pending: string };
  /** The machine state in which the call runs. */
  pendingState: string;
  operation: ReturnType<typeof heldOperation>;
  /** The server's success answer. */
  success: () => Response;
  /** A second call of the screen, by its actor id (the sign-in link of the Sign In screen). */
  others?: Readonly<Record<string, { operation: ReturnType<typeof heldOperation>; success: () => Response }>>;
  /** What the customer does for the machine's other events, by event type. */
  actions?: Readonly<Record<string, (view: RenderedApp) => Promise<void>>>;
  /** What else the screen must show of the recorded state. */
  expectMore?: (state: RecordedState) => Promise<void>;
  /** The machine's final state, in which the app leaves the form for `path`. */
  leaves?: { state: string; path: string };
}

export interface RecordedState {
  value: unknown;
  context: { errors: Record<string, Text>; formError: Text | null } & Record<string, unknown>;
}

/**
 * A cancelled call happens only when the screen goes away, and PREFILL only when the app takes
 * over a server-rendered form (tests/e2e/before-takeover.e2e.ts): not something a replay can click.
 */
export const replayable = (path: MachinePath): boolean =>
  !path.steps.some(
    ({ event }) =>
      event.type === 'PREFILL' ||
      ('error' in event && isApiFailure(event.error) && event.error.kind === 'cancelled'),
  );

/** The HTTP answer that makes the api client throw this failure. */
export function responseFor(error: unknown): Response {
  if (!isApiFailure(error)) return HttpResponse.json({ unexpected: true }, { status: 200 });
  if (error.kind === 'network') return HttpResponse.error();
  // The client knows an unverified address by the server's own text, whatever the failure's message.
  if (error.kind === 'unverified') return failure(403, UNVERIFIED_EMAIL_MESSAGE);
  const status =
    error.status ?? { validation: 422, 'rate-limited': 429, server: 500 }[error.kind as string] ?? 400;
  return failure(status, error.message, error.fieldErrors);
}

export async function performStep(
  view: RenderedApp,
  screenModel: FormScreen,
  event: EventObject,
): Promise<void> {
  const { type } = event;
  const other = screenModel.others?.[type.replace(/^xstate\.(done|error)\.actor\./, '')];
  const action = screenModel.actions?.[type];
  if (action) {
    await action(view);
  } else if (other && type.startsWith('xstate.done.actor.')) {
    await other.operation.answer(other.success());
  } else if (other && type.startsWith('xstate.error.actor.')) {
    await other.operation.answer(responseFor((event as EventObject & { error: unknown }).error));
  } else if (type === 'CHANGE') {
    const { field: name, value } = event as EventObject & { field: string; value: string };
    const input = field(labelOf(screenModel, name));
    await view.user.clear(input);
    if (value !== '') await view.user.type(input, value);
  } else if (type === 'SUBMIT') {
    await view.user.click(within(main()).getByRole('button', { name: screenModel.submit.idle }));
  } else if (type.startsWith('xstate.done.actor.')) {
    await screenModel.operation.answer(screenModel.success());
  } else if (type.startsWith('xstate.error.actor.')) {
    await screenModel.operation.answer(responseFor((event as EventObject & { error: unknown }).error));
  } else {
    throw new Error(`no screen action for ${type}`);
  }
}

/** Performs each step, then sees its recorded state on the screen, or the page the form leaves for. */
export async function replaySteps(
  view: RenderedApp,
  screenModel: FormScreen,
  steps: MachinePath['steps'],
): Promise<void> {
  for (const step of steps) {
    await performStep(view, screenModel, step.event);
    const { leaves } = screenModel;
    if (leaves !== undefined && JSON.parse(step.state).value === leaves.state) {
      await waitFor(() => expect(view.location()).toBe(leaves.path));
    } else {
      await expectState(screenModel, step.state);
    }
  }
}

/** The screen shows the recorded state: the button, each field's message, the form message. */
export async function expectState(screenModel: FormScreen, state: string): Promise<void> {
  const recorded = JSON.parse(state) as RecordedState;
  const { value, context } = recorded;
  const pending = value === screenModel.pendingState;
  await within(main()).findByRole('button', {
    name: pending ? screenModel.submit.pending : screenModel.submit.idle,
  });
  await waitFor(() => {
    for (const [name, label] of Object.entries(screenModel.labels)) {
      const message = context.errors[name];
      if (message === undefined) expect(field(label), label).not.toHaveAttribute('aria-invalid', 'true');
      else
        expect(field(label), label).toHaveAccessibleDescription(expect.stringContaining(englishOf(message)));
    }
    const alert = within(main()).queryByRole('alert');
    if (context.formError === null) expect(alert).not.toBeInTheDocument();
    else expect(alert).toHaveTextContent(englishOf(context.formError));
  });
  await screenModel.expectMore?.(recorded);
}

function labelOf(screenModel: FormScreen, name: string): string {
  const label = screenModel.labels[name];
  if (label === undefined) throw new Error(`no label for field ${name}`);
  return label;
}

export { screen };
