import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect } from 'vitest';
import { formatCoins } from '../../../../domain/money-text';
import { englishOf, type Text } from '../../../../machines/text';
import { coinsOf, type TopUpTerms, topUpMachine } from '../../../../machines/topUp';
import { topUpPlan } from '../../../support/accountPaths';
import { type MachinePath, pathPlan } from '../../../support/paths';
import { responseFor } from '../../auth/replay';
import { field, heldOperation, main } from '../../auth/support';
import { chooseCurrency } from '../../shell/steps';
import { renderApp, SIGNED_IN } from '../../support';
import * as replays from '../../support/replays';

/**
 * The top-up machine's generated paths on the balance tab: CHANGE is typing the amount, PRESET
 * pressing a pack, TOP_UP,
 * BACK, SAVE_CARD and SUBMIT (Pay) are clicks, TERMS is choosing the currency in the header, and the
 * payment's result is the answer to POST /balance/top-up (held until the step gives it).
 */

const paths = pathPlan(topUpMachine, topUpPlan).paths;

const offScreen = replays.cancelledPaths(
  paths,
  'sendTopUp',
  'The tab was left while the payment was sent: nothing on the tab cancels it.',
);

const balanceTab = () => screen.getByRole('region', { name: 'Balance' });

interface TopUpContext {
  values: { amount: string };
  terms: TopUpTerms;
  savePaymentMethod: boolean;
  errors: { amount?: Text };
  formError: Text | null;
}

async function expectAmountField(label: string, context: TopUpContext) {
  await waitFor(() => expect(field(label)).toHaveValue(context.values.amount));
  if (context.errors.amount === undefined) expect(field(label)).not.toHaveAttribute('aria-invalid', 'true');
  else
    expect(field(label)).toHaveAccessibleDescription(
      expect.stringContaining(englishOf(context.errors.amount)),
    );
  // The coins the amount buys, by the rule the server credits with, shown as it is typed.
  const coins = coinsOf(context.values.amount, context.terms);
  const coinsLine = balanceTab().querySelector('.account-topup__coins');
  if (coins === null) expect(coinsLine).toHaveTextContent(/^$/);
  else expect(coinsLine).toHaveTextContent(`You receive: ${formatCoins(coins, 'en')} Coins`);
  const alert = within(main()).queryByRole('alert');
  if (context.formError === null) expect(alert).not.toBeInTheDocument();
  else expect(alert).toHaveTextContent(englishOf(context.formError));
}

async function replayTopUp(path: MachinePath) {
  const amount = (path.input as { amount?: string }).amount;
  const send = heldOperation('post', '/balance/top-up');
  const view = renderApp({
    path: amount === undefined ? '/account/balance' : `/account/balance?amount=${amount}`,
    storage: SIGNED_IN,
    handlers: [send.handler],
  });
  await view.ready();
  await screen.findByRole('heading', { level: 3, name: 'Top up balance' });
  const notices = replays.watchNotices(view);
  let label = 'Amount (EUR)';

  for (const { event, state } of replays.stepsOf(path)) {
    if (event.type === 'CHANGE') {
      // While the payment is sent the field is read-only: the typing changes nothing, as the machine says.
      if (!field(label).hasAttribute('readonly')) await view.user.clear(field(label));
      await view.user.type(field(label), String(replays.payload(event).value));
    } else if (event.type === 'PRESET') {
      // A pack is pressed by its place among the packs shown (the store's top_up_presets, ascending).
      const preset = Number(replays.payload(event).preset);
      const { terms } = state.context as unknown as TopUpContext;
      const packs = within(screen.getByRole('group', { name: 'Choose a pack' })).getAllByRole('button');
      const pack = packs[terms.presets.indexOf(preset)];
      if (pack === undefined) throw new Error(`no pack ${preset} on the tab`);
      await view.user.click(pack);
      expect(pack).toHaveAttribute('aria-pressed', 'true');
    } else if (event.type === 'TOP_UP') {
      await view.user.click(within(balanceTab()).getByRole('button', { name: 'Top up' }));
    } else if (event.type === 'BACK') {
      await view.user.click(within(balanceTab()).getByRole('button', { name: 'Back' }));
    } else if (event.type === 'SAVE_CARD') {
      await view.user.click(
        within(balanceTab()).getByRole('checkbox', { name: 'Save my information for future payments' }),
      );
    } else if (event.type === 'TERMS') {
      const { currency } = replays.payload(event).terms as TopUpTerms;
      await chooseCurrency(view, `${currency.code} ${currency.symbol}`);
    } else if (event.type === 'SUBMIT') {
      await view.user.click(within(balanceTab()).getByRole('button', { name: 'Pay' }));
    } else if (replays.isDone(event, 'sendTopUp')) {
      const { redirectUrl } = replays.payload(event).output as { redirectUrl: string };
      await send.answer(
        HttpResponse.json({
          status: 'OK' as const,
          redirect_url: redirectUrl,
          payment_id: 'pay_5K2m9QeX1tZ8',
        }),
      );
    } else if (replays.isError(event, 'sendTopUp')) {
      await send.answer(responseFor(replays.payload(event).error));
    } else {
      throw new Error(`no screen action for ${event.type}`);
    }

    const context = state.context as unknown as TopUpContext;
    if (replays.isError(event, 'sendTopUp') && replays.errorOf(event).kind === 'unverified') {
      // The session sends the customer to verify the address; the payment waits for that.
      await waitFor(() => expect(view.location()).toMatch(/^\/email-verification\?redirect=/));
      continue;
    }
    if (state.value === 'entry') {
      label = `Amount (${context.terms.currency.code})`;
      expect(await screen.findByRole('heading', { level: 3, name: 'Top up balance' })).toBeInTheDocument();
      expect(within(balanceTab()).getByRole('button', { name: 'Top up' })).toBeEnabled();
      await expectAmountField(label, context);
    } else {
      label = 'Enter amount:';
      expect(await screen.findByRole('heading', { level: 3, name: 'TOP UP BALANCE' })).toBeInTheDocument();
      const saveCard = within(balanceTab()).getByRole('checkbox', {
        name: 'Save my information for future payments',
      });
      if (context.savePaymentMethod) expect(saveCard).toBeChecked();
      else expect(saveCard).not.toBeChecked();
      if (state.value === 'review') {
        expect(within(balanceTab()).getByRole('button', { name: 'Pay' })).toBeEnabled();
        expect(within(balanceTab()).queryByRole('status')).not.toBeInTheDocument();
        await expectAmountField(label, context);
      } else {
        const pending = state.value === 'submitting' ? 'Processing…' : 'Redirecting to payment…';
        expect(await within(balanceTab()).findByRole('status')).toHaveTextContent(pending);
        expect(within(balanceTab()).getByRole('button', { name: 'Back' })).toBeDisabled();
        expect(field(label)).toHaveAttribute('readonly');
        expect(field(label)).toHaveValue(context.values.amount);
      }
    }
    expect(view.location()).toMatch(/^\/account\/balance/);
  }
  // Nothing here is a notice: the tab's messages stay on the tab.
  expect(notices).toEqual([]);
  // One request per Pay the machine sent on; a Pay it refused (a bad amount) sends nothing.
  const sent = replays
    .stepsOf(path)
    .filter(({ event, state }) => event.type === 'SUBMIT' && state.value === 'submitting');
  expect(send.requests).toBe(sent.length);
}

describe('topUp paths on the balance tab', () => {
  replays.replayEach(paths, offScreen, replayTopUp);
});
