import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { FALLBACK_CURRENCY } from '../domain/money';
import type { Currency, StoredCurrency } from './shapes';
import { defineMessages, failureText, type Text } from './text';

const currencyMessages = defineMessages({
  loadFailed: { id: 'currency.error.load', defaultMessage: 'Failed to load currencies' },
});

export interface CurrencyInput {
  /** The currency code and symbol kept in browser storage, if any. */
  stored: StoredCurrency | null;
}

export interface CurrencyContext {
  stored: StoredCurrency | null;
  currencies: Currency[];
  current: Currency;
  error: Text | null;
}

export type CurrencyEvent =
  | { type: 'SELECT'; code: string }
  /** The app's start-up Retry: a failed list is loaded again. */
  | { type: 'RETRY' }
  /** An operator changed the currencies (machines/operator/currencyEditor.ts): read the list again. */
  | { type: 'RELOAD' };

export type CurrencyEmitted = { type: 'settled' } | { type: 'currencyChanged'; code: string };

/**
 * docs/product.md §4: the requested code if listed; an unknown code falls back to the saved currency (if still
 * listed), then the default-flagged one, then the first, then EUR.
 */
export function chooseCurrency(
  list: readonly Currency[],
  requestedCode: string | null,
  saved: StoredCurrency | null,
): Currency {
  const byCode = (code: string | null | undefined) =>
    code ? list.find((currency) => currency.code === code) : undefined;
  return (
    byCode(requestedCode) ??
    byCode(saved?.code) ??
    list.find((currency) => currency.default === 1) ??
    list[0] ??
    FALLBACK_CURRENCY
  );
}

/** The header shows the currency selector only when there is a choice (docs/product.md §9). */
export function showSelector(list: readonly Currency[]): boolean {
  return list.length > 1;
}

export const currencyMachine = setup({
  types: {
    context: {} as CurrencyContext,
    events: {} as CurrencyEvent,
    input: {} as CurrencyInput,
    emitted: {} as CurrencyEmitted,
  },
  actors: {
    fetchCurrencies: fromPromise<Currency[]>(async () => {
      throw new Error('fetchCurrencies is not provided');
    }),
  },
  actions: {
    /** Store code and symbol in browser storage. Provided by bootstrap. */
    persistCurrency: (_, _params: StoredCurrency) => {},
    settled: emit({ type: 'settled' }),
  },
}).createMachine({
  id: 'currency',
  description: [
    'Display currency (docs/product.md §3, §4): loads the list and keeps the stored code if listed, else the default-flagged',
    "currency, else the first, else EUR ('Failed to load currencies' when the list fails; EUR then applies).",
    'The choice is persisted (code and symbol). SELECT {code} picks a currency the same way; when the choice',
    'changes it is persisted and currencyChanged {code} is emitted (the app refetches the profile). Emits settled',
    'once the list is loaded or failed. RETRY loads a failed list again. RELOAD (an operator saved a currency)',
    'reads the list again and keeps the choice with its new rate, or chooses again when it is no longer offered.',
  ].join(' '),
  context: ({ input }) => ({
    stored: input.stored,
    currencies: [],
    current: FALLBACK_CURRENCY,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchCurrencies',
        src: 'fetchCurrencies',
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              currencies: event.output,
              current: chooseCurrency(event.output, context.stored?.code ?? null, context.stored),
            })),
            {
              type: 'persistCurrency',
              params: ({ context }) => ({ code: context.current.code, symbol: context.current.symbol }),
            },
            'settled',
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => failureText(event.error, currencyMessages.loadFailed) }),
            'settled',
          ],
        },
      },
    },
    ready: {
      on: {
        SELECT: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const chosen = chooseCurrency(context.currencies, event.code, context.current);
            if (chosen.code === context.current.code) return;
            enqueue.assign({ current: chosen });
            enqueue({ type: 'persistCurrency', params: { code: chosen.code, symbol: chosen.symbol } });
            enqueue.emit({ type: 'currencyChanged', code: chosen.code });
          }),
        },
        RELOAD: 'reloading',
      },
    },
    reloading: {
      description:
        'An operator changed the currencies: the list is read again and the chosen one kept with its new rate (another chosen the same way when it is no longer offered). A failed read keeps the last list.',
      invoke: {
        id: 'refetchCurrencies',
        src: 'fetchCurrencies',
        onDone: {
          target: 'ready',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const chosen = chooseCurrency(event.output, context.current.code, context.stored);
            enqueue.assign({ currencies: event.output, current: chosen });
            if (chosen.code === context.current.code) return;
            enqueue({ type: 'persistCurrency', params: { code: chosen.code, symbol: chosen.symbol } });
            enqueue.emit({ type: 'currencyChanged', code: chosen.code });
          }),
        },
        onError: 'ready',
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});
