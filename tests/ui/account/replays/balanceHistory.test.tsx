import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import {
  type BalanceHistoryContext,
  balanceHistoryMachine,
  type HistoryPage,
  pageCountOfHistory,
} from '../../../../machines/balanceHistory';
import { englishOf } from '../../../../machines/text';
import { balanceHistoryPlan } from '../../../support/accountPaths';
import { type MachinePath, pathPlan } from '../../../support/paths';
import { responseFor } from '../../auth/replay';
import { heldOperation } from '../../auth/support';
import { ok, renderApp, SIGNED_IN } from '../../support';
import * as replays from '../../support/replays';

/**
 * The balance history machine's generated paths on its tab: each fetch's result is the answer to
 * GET /balance/history (held until the step gives it); RETRY and PAGE are clicks.
 */

const paths = pathPlan(balanceHistoryMachine, balanceHistoryPlan).paths;

const offScreen = replays.cancelledPaths(
  paths,
  'fetchHistory',
  'The tab was left while loading: nothing is left to show the cancelled fetch.',
);

const tab = () => screen.getByRole('region', { name: 'Balance history' });

async function replayHistory(path: MachinePath) {
  const fetch = heldOperation('get', '/balance/history');
  const view = renderApp({ path: '/account/balance-history', storage: SIGNED_IN, handlers: [fetch.handler] });
  await view.ready();
  const actor: AnyActorRef = view.app.system.get('balanceHistory');
  expect(await within(tab()).findByText('Loading the balance history...')).toBeInTheDocument();
  for (const { event, state } of replays.stepsOf(path)) {
    const context = state.context as unknown as BalanceHistoryContext;
    if (replays.isDone(event, 'fetchHistory'))
      await fetch.answer(ok(replays.payload(event).output as HistoryPage));
    else if (replays.isError(event, 'fetchHistory'))
      await fetch.answer(responseFor(replays.payload(event).error));
    else if (event.type === 'RETRY')
      await view.user.click(within(tab()).getByRole('button', { name: 'Try again' }));
    else if (event.type === 'PAGE')
      await view.user.click(
        within(tab()).getByRole('button', { name: `Page ${replays.payload(event).page}` }),
      );
    else throw new Error(`no screen action for ${event.type}`);
    await waitFor(() => expect(actor.getSnapshot().value).toBe(state.value));
    if (state.value === 'loading') {
      expect(await within(tab()).findByText('Loading the balance history...')).toBeInTheDocument();
    } else if (state.value === 'empty') {
      expect(
        await within(tab()).findByRole('heading', { name: 'No balance changes yet' }),
      ).toBeInTheDocument();
    } else if (state.value === 'error') {
      expect(await within(tab()).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
      if (context.error !== null)
        expect(within(tab()).getByText(englishOf(context.error))).toBeInTheDocument();
      expect(within(tab()).queryByRole('table')).not.toBeInTheDocument();
    } else {
      const rows = within(tab()).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(context.items.length);
      for (const [index, entry] of context.items.entries()) {
        const row = rows[index] as HTMLElement;
        // The amount signed, the balance after it, the reason in words; an order's entry links to it.
        const sign = entry.amount < 0 ? '−' : '+';
        expect(row).toHaveTextContent(sign);
        expect(row).toHaveTextContent(entry.reason === 'top_up' ? 'Top-up' : 'Order');
        if (entry.order_id !== undefined)
          expect(within(row).getByRole('link', { name: `Order #${entry.order_id}` })).toHaveAttribute(
            'href',
            `/account/orders/${entry.order_id}`,
          );
      }
      const pages = pageCountOfHistory(context.total);
      expect(within(tab()).queryAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(
        pages > 1 ? pages : 0,
      );
    }
  }
  const fetches = replays
    .stepsOf(path)
    .filter(({ event }) => event.type === 'RETRY' || event.type === 'PAGE');
  expect(fetch.requests).toBe(1 + fetches.length);
}

describe('balanceHistory paths on the balance history tab', () => {
  replays.replayEach(paths, offScreen, replayHistory);
});
