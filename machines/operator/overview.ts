import { assign, fromPromise, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { COIN_DECIMALS, decimalsFor } from '../../domain/money';
import { defineMessages, failureText, type Text } from '../text';

export type Overview = components['schemas']['OverviewResponse']['payload'];
export type OverviewDay = Overview['days'][number];

/** The days the overview's chart covers (the API's default window). */
export const OVERVIEW_DAYS = 30;

export const overviewMessages = defineMessages({
  failed: { id: 'operator.overview.failed', defaultMessage: 'The overview could not be loaded.' },
});

/** The window's totals: what the chart's text alternative states. */
export interface OverviewTotals {
  ordersPaid: number;
  coinsSpent: number;
  /** Card money per currency (minor units), in the order the currencies first appear. */
  card: { currency: string; amount: number }[];
}

export function overviewTotals(days: readonly OverviewDay[]): OverviewTotals {
  const card = new Map<string, number>();
  let ordersPaid = 0;
  let coinsSpent = 0;
  for (const day of days) {
    ordersPaid += day.orders_paid;
    coinsSpent += day.coins_spent;
    for (const taken of day.card) card.set(taken.currency, (card.get(taken.currency) ?? 0) + taken.amount);
  }
  return { ordersPaid, coinsSpent, card: [...card].map(([currency, amount]) => ({ currency, amount })) };
}

/** Every currency card money came in during the window, in the order they first appear. */
export const cardCurrencies = (days: readonly OverviewDay[]): string[] =>
  overviewTotals(days).card.map((taken) => taken.currency);

/** Nothing happened in the window: no order paid, no coin spent, no card money. */
export const isQuietWindow = (days: readonly OverviewDay[]): boolean => {
  const totals = overviewTotals(days);
  return totals.ordersPaid === 0 && totals.coinsSpent === 0 && totals.card.length === 0;
};

/** One line of a chart: its name and a value per day, money in its major units. */
export interface ChartSeries {
  label: string;
  values: number[];
}

/** What the overview charts: the days' x positions (UTC midnights, seconds) and a chart per figure. */
export interface OverviewCharts {
  times: number[];
  /** A line per currency card money came in; none when none came. */
  card: ChartSeries[];
  coins: ChartSeries[];
  orders: ChartSeries[];
}

export function overviewCharts(days: readonly OverviewDay[]): OverviewCharts {
  const major = (minor: number, decimals: number) => minor / 10 ** decimals;
  return {
    times: days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
    card: cardCurrencies(days).map((currency) => ({
      label: currency,
      values: days.map((day) =>
        major(day.card.find((taken) => taken.currency === currency)?.amount ?? 0, decimalsFor(currency)),
      ),
    })),
    coins: [{ label: 'coins', values: days.map((day) => major(day.coins_spent, COIN_DECIMALS)) }],
    orders: [{ label: 'orders', values: days.map((day) => day.orders_paid) }],
  };
}

export interface OverviewContext {
  overview: Overview | null;
  error: Text | null;
}

export const operatorOverviewMachine = setup({
  types: {
    context: {} as OverviewContext,
    events: {} as { type: 'RETRY' },
  },
  actors: {
    /** GET /operator/overview?days=30. */
    fetchOverview: fromPromise<Overview>(async () => {
      throw new Error('fetchOverview is not provided');
    }),
  },
  guards: {
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
  },
}).createMachine({
  id: 'operatorOverview',
  description: [
    "The operator console's first page (/operator): loads the last 30 days (loading), then shows them (shown):",
    'card money in per currency, coins spent and orders paid per day, the best-selling products and what needs',
    "a look. A failure shows its message or 'The overview could not be loaded.' and RETRY loads again; a",
    'cancelled request (leaving) shows nothing.',
  ].join(' '),
  context: { overview: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchOverview',
        src: 'fetchOverview',
        onDone: { target: 'shown', actions: assign({ overview: ({ event }) => event.output }) },
        onError: [
          { guard: 'silent', target: 'error' },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => failureText(event.error, overviewMessages.failed) }),
          },
        ],
      },
    },
    shown: {},
    error: { on: { RETRY: 'loading' } },
  },
});
