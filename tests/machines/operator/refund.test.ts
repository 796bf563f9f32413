import { describe, expect, it } from 'vitest';
import { attemptKey } from '../../../machines/operator/keyedForm';
import { refundMachine, refundMessages } from '../../../machines/operator/refund';
import { verbatim } from '../../../machines/text';
import { beyondRefundable, notByCard, REFUND_INPUT, refundPlan } from '../../support/operatorPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { run } from '../forms/support';

describePaths('refund paths', pathPlan(refundMachine, refundPlan));

const typed = (amount: string, reason: string, to = 'balance') => [
  { type: 'CHANGE', field: 'amount', value: amount },
  { type: 'CHANGE', field: 'to', value: to },
  { type: 'CHANGE', field: 'reason', value: reason },
];

describe('refund', () => {
  it('checks the amount (coins above 0, 2 decimals) and the reason before sending', () => {
    expect(run(refundMachine, REFUND_INPUT, [{ type: 'SUBMIT' }]).snapshot.context.errors).toEqual({
      amount: refundMessages.amountRequired,
    });
    for (const amount of ['-5', '0', '1.234', 'abc']) {
      const { snapshot } = run(refundMachine, REFUND_INPUT, [...typed(amount, 'x'), { type: 'SUBMIT' }]);
      expect(snapshot.value, amount).toBe('editing');
      expect(snapshot.context.errors, amount).toEqual({ amount: refundMessages.amountFormat });
    }
  });

  it('sends the coins, where to, the trimmed reason and the attempt key; a retry keeps the key', () => {
    const sent = run(refundMachine, REFUND_INPUT, [
      ...typed('12,5', ' Half back ', 'card'),
      { type: 'SUBMIT' },
    ]);
    expect(sent.snapshot.value).toBe('sending');
    expect(sent.snapshot.context.values).toMatchObject({ amount: '12,5', to: 'card' });
    const refused = run(refundMachine, REFUND_INPUT, [
      ...typed('99', 'Half back'),
      { type: 'SUBMIT' },
      errorEvent('refundOrder', beyondRefundable),
      { type: 'SUBMIT' },
    ]).snapshot;
    expect(attemptKey(refused.context)).toBe('seed-1');
  });

  it('a refusal shows at the amount (422) or as the form message (409); nothing typed is lost', () => {
    const beyond = run(refundMachine, REFUND_INPUT, [
      ...typed('99', 'Half back'),
      { type: 'SUBMIT' },
      errorEvent('refundOrder', beyondRefundable),
    ]).snapshot;
    expect(beyond.context.errors).toEqual({ amount: verbatim('At most 5.00 coins are left to refund.') });
    expect(beyond.context.values).toEqual({ amount: '99', to: 'balance', reason: 'Half back' });
    const conflict = run(refundMachine, REFUND_INPUT, [
      ...typed('5', 'Half back', 'card'),
      { type: 'SUBMIT' },
      errorEvent('refundOrder', notByCard),
    ]).snapshot;
    expect(conflict.context.formError).toEqual(verbatim('This order was not paid by card.'));
    expect(conflict.context.values.to).toBe('card');
  });

  it('success empties the form, takes a new key, says the server’s message and reloads the order', () => {
    const { snapshot, sent } = run(refundMachine, REFUND_INPUT, [
      ...typed('5', 'Half back', 'card'),
      { type: 'SUBMIT' },
      doneEvent('refundOrder', { message: 'The card refund is on its way.', state: 'pending' }),
    ]);
    expect(snapshot.context.values).toEqual({ amount: '', to: 'balance', reason: '' });
    expect(attemptKey(snapshot.context)).toBe('seed-2');
    expect(sent).toEqual([
      {
        to: 'toasts',
        event: { type: 'SHOW', kind: 'info', text: verbatim('The card refund is on its way.') },
      },
      { to: 'operatorOrder', event: { type: 'RELOAD' } },
    ]);
  });
});
