import { assign, fromPromise, setup } from 'xstate';
import { failureKind, isSilentFailure } from '../../domain/api-failure';
import { defineMessages, failureText, type Text } from '../text';

export const accessMessages = defineMessages({
  failed: { id: 'operator.access.failed', defaultMessage: 'The operator console could not be opened.' },
});

export interface OperatorAccessContext {
  error: Text | null;
}

/**
 * Whether the signed-in account may use the operator console. The API decides (the profile's role
 * may be older than a grant or a revoke): a read of the operator area answers 403 to a customer
 * (docs/decisions/0044-operator-console.md).
 */
export const operatorAccessMachine = setup({
  types: {
    context: {} as OperatorAccessContext,
    events: {} as { type: 'RETRY' },
  },
  actors: {
    /** A cheap read of the operator area (GET /operator/customers?limit=1). */
    checkAccess: fromPromise<void>(async () => {
      throw new Error('checkAccess is not provided');
    }),
  },
  guards: {
    forbidden: ({ event }) => 'error' in event && failureKind(event.error) === 'forbidden',
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
}).createMachine({
  id: 'operatorAccess',
  description: [
    'The operator area (/operator) opens for an operator only. It asks the API once (checking): an answer',
    'means the account is an operator (allowed: the console shows); a 403 means it is a customer',
    "(forbidden: the route shows the app's not-found page, so the console does not say it exists); another failure shows its message or 'The operator console could",
    "not be opened.' and RETRY asks again; a cancelled request (leaving) shows nothing.",
  ].join(' '),
  context: { error: null },
  initial: 'checking',
  states: {
    checking: {
      entry: assign({ error: null }),
      invoke: {
        id: 'checkAccess',
        src: 'checkAccess',
        onDone: { target: 'allowed' },
        onError: [
          { guard: 'forbidden', target: 'forbidden' },
          { guard: 'silent', target: 'failed' },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => failureText(event.error, accessMessages.failed) }),
          },
        ],
      },
    },
    allowed: {},
    forbidden: {},
    failed: { on: { RETRY: 'checking' } },
  },
});
