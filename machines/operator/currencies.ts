import { assign, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { defineMessages, failureText, type Text } from '../text';

export type OperatorCurrency = components['schemas']['OperatorCurrency'];

export const currenciesMessages = defineMessages({
  failed: { id: 'operator.currencies.failed', defaultMessage: 'The currencies could not be loaded.' },
});

export interface CurrenciesContext {
  currencies: OperatorCurrency[];
  error: Text | null;
}

export const operatorCurrenciesMachine = setup({
  types: {
    context: {} as CurrenciesContext,
    events: {} as { type: 'RETRY' },
  },
  actors: {
    /** GET /operator/currencies: every display currency, hidden ones too, the default first. */
    fetchCurrencies: fromPromise<OperatorCurrency[]>(async () => {
      throw new Error('fetchCurrencies is not provided');
    }),
  },
  guards: {
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
}).createMachine({
  id: 'operatorCurrencies',
  description: [
    "The console's display currencies (/operator/currencies): loads every currency, hidden ones too, the default",
    "first (loading), then lists them with their rates (filled). A failed load shows the server's or client's",
    "message or 'The currencies could not be loaded.' and RETRY loads again; a cancelled request (leaving) shows",
    'nothing.',
  ].join(' '),
  context: { currencies: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchCurrencies',
        src: 'fetchCurrencies',
        onDone: { target: 'filled', actions: assign({ currencies: ({ event }) => event.output }) },
        onError: [
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, currenciesMessages.failed) }),
          },
        ],
      },
    },
    filled: {},
    error: { on: { RETRY: 'loading' } },
  },
});
