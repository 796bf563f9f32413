import { COIN_DECIMALS } from '../../domain/money';
import { parseAmount } from '../../domain/money-text';
import { type FormContext, type FormEvent, formMachine } from '../forms/formMachine';
import { filled, type Rule } from '../forms/rules';
import { defineMessages, serverTextOr } from '../text';
import type { NoticeKind } from '../toasts';
import { type Attempts, attemptKey, keyedAttempts, reasonRules } from './keyedForm';

export const refundMessages = defineMessages({
  amountRequired: { id: 'operator.refund.amountRequired', defaultMessage: 'Enter the coins to refund' },
  amountFormat: {
    id: 'operator.refund.amountFormat',
    defaultMessage: 'Enter a number of coins above 0, with at most 2 decimals',
  },
  failed: { id: 'operator.refund.failed', defaultMessage: 'The order could not be refunded.' },
  done: { id: 'operator.refund.done', defaultMessage: 'The order was refunded.' },
});

export type RefundDestination = 'balance' | 'card';

export interface RefundValues {
  amount: string;
  to: RefundDestination;
  reason: string;
}
export type RefundField = keyof RefundValues;

export const refundRules: readonly Rule<RefundValues, RefundField>[] = [
  { field: 'amount', message: refundMessages.amountRequired, valid: (v) => filled(v.amount) },
  {
    field: 'amount',
    message: refundMessages.amountFormat,
    valid: (v) => parseAmount(v.amount, COIN_DECIMALS) !== null,
  },
  ...reasonRules<RefundValues>(),
];

export interface RefundInput {
  orderId: number;
  /** Random, from the route: with `attempt` it makes the Idempotency-Key of each attempt. */
  seed: string;
}

export interface RefundContext extends FormContext<RefundValues, RefundField>, RefundInput, Attempts {}

export interface RefundRequest {
  orderId: number;
  amount: number;
  to: RefundDestination;
  reason: string;
  idempotencyKey: string;
}

/** What the API answered: its message and the refund's state (a card refund may be pending or refused). */
export interface RefundAnswer {
  message: string;
  state: 'pending' | 'succeeded' | 'failed';
}

export type RefundEvent = FormEvent<RefundField>;

const EMPTY: RefundValues = { amount: '', to: 'balance', reason: '' };

const noticeOf: Record<RefundAnswer['state'], NoticeKind> = {
  succeeded: 'success',
  pending: 'info',
  failed: 'error',
};

export const refundMachine = formMachine({
  types: { events: {} as RefundEvent, input: {} as RefundInput },
  id: 'refund',
  description: [
    "The operator's 'Refund' form on an order's page. CHANGE edits the amount (coins, part or all of what is",
    "left), where it goes (to: balance, or card for an order paid by card) or the reason; SUBMIT checks 'Enter",
    "the coins to refund', the amount's form, 'Give a reason' and its 500 characters, then sends POST",
    "/operator/orders/{id}/refunds with the attempt's Idempotency-Key, as Adjust balance does (ADR 0044): a",
    'retry of the same values sends the same key; a change after a send, or a success, makes the next attempt a',
    "new key. Success empties the form, shows the server's message (or 'The order was refunded.'; a card",
    'refund the provider refused or could not take yet is said so) and has the order read again (RELOAD to',
    'operatorOrder). A refusal (422 beyond what is left, 409 not paid or not by card, 503 no card provider)',
    "shows at its field or as the form's message, or 'The order could not be refunded.'; nothing typed is lost;",
    'a cancelled call shows nothing.',
  ].join(' '),
  context: (input: RefundInput) => ({
    values: EMPTY,
    orderId: input.orderId,
    seed: input.seed,
    attempt: 1,
    keyUsed: false,
  }),
  rules: refundRules,
  fieldsFromServer: { amount: 'amount', to: 'to', reason: 'reason' },
  failureMessage: refundMessages.failed,
  request: {
    id: 'refundOrder',
    input: (context): RefundRequest => ({
      orderId: context.orderId,
      amount: parseAmount(context.values.amount, COIN_DECIMALS) ?? 0,
      to: context.values.to === 'card' ? 'card' : 'balance',
      reason: context.values.reason.trim(),
      idempotencyKey: attemptKey(context),
    }),
  },
  ...keyedAttempts({
    empty: EMPTY,
    notice: (answer: RefundAnswer) => ({
      kind: noticeOf[answer.state],
      text: serverTextOr(answer.message, refundMessages.done),
    }),
    reload: { action: 'reloadOrder', systemId: 'operatorOrder' },
  }),
});
