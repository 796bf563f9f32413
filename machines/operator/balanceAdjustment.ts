import { COIN_DECIMALS } from '../../domain/money';
import { parseSignedAmount } from '../../domain/money-text';
import { type FormContext, type FormEvent, formMachine } from '../forms/formMachine';
import { filled, type Rule } from '../forms/rules';
import { defineMessages, serverTextOr } from '../text';
import { type Attempts, attemptKey, keyedAttempts, reasonRules } from './keyedForm';

export const adjustmentMessages = defineMessages({
  amountRequired: { id: 'operator.adjust.amountRequired', defaultMessage: 'Enter an amount of coins' },
  amountFormat: {
    id: 'operator.adjust.amountFormat',
    defaultMessage: 'Enter a number of coins other than 0, with at most 2 decimals; a minus takes coins away',
  },
  failed: { id: 'operator.adjust.failed', defaultMessage: 'The balance could not be adjusted.' },
  done: { id: 'operator.adjust.done', defaultMessage: 'The balance was adjusted.' },
});

export interface AdjustmentValues {
  amount: string;
  reason: string;
}
export type AdjustmentField = keyof AdjustmentValues;

export const adjustmentRules: readonly Rule<AdjustmentValues, AdjustmentField>[] = [
  { field: 'amount', message: adjustmentMessages.amountRequired, valid: (v) => filled(v.amount) },
  {
    field: 'amount',
    message: adjustmentMessages.amountFormat,
    valid: (v) => parseSignedAmount(v.amount, COIN_DECIMALS) !== null,
  },
  ...reasonRules<AdjustmentValues>(),
];

export interface AdjustmentInput {
  customerId: number;
  /** Random, from the route: with `attempt` it makes the Idempotency-Key of each attempt. */
  seed: string;
}

export interface AdjustmentContext
  extends FormContext<AdjustmentValues, AdjustmentField>,
    AdjustmentInput,
    Attempts {}

export interface AdjustmentRequest {
  customerId: number;
  amount: number;
  reason: string;
  idempotencyKey: string;
}

/** What the API answered: its message and the balance now. */
export interface AdjustmentAnswer {
  message: string;
  balance: number;
}

export type AdjustmentEvent = FormEvent<AdjustmentField>;

export const balanceAdjustmentMachine = formMachine({
  types: { events: {} as AdjustmentEvent, input: {} as AdjustmentInput },
  id: 'balanceAdjustment',
  description: [
    "The operator's 'Adjust balance' form on a customer's page. CHANGE edits the amount (signed coins: a minus",
    "takes coins away) or the reason; SUBMIT checks 'Enter an amount of coins', the amount's form, 'Give a",
    "reason' and its 500 characters, then sends POST /operator/customers/{id}/balance-adjustments with the",
    "attempt's Idempotency-Key: a retry of the same values sends the same key, so it never adjusts twice; a",
    'change after a send, or a success, makes the next attempt a new key. Success empties the form, shows',
    "the server's message (or 'The balance was adjusted.') and has the customer's page read the account again",
    '(RELOAD to operatorCustomer). A refusal shows its field errors at the amount or the reason (a debit',
    "beyond the balance), else its message or 'The balance could not be adjusted.'; nothing typed is lost; a",
    'cancelled call shows nothing.',
  ].join(' '),
  context: (input: AdjustmentInput) => ({
    values: { amount: '', reason: '' },
    customerId: input.customerId,
    seed: input.seed,
    attempt: 1,
    keyUsed: false,
  }),
  rules: adjustmentRules,
  fieldsFromServer: { amount: 'amount', reason: 'reason' },
  failureMessage: adjustmentMessages.failed,
  request: {
    id: 'adjustBalance',
    input: (context): AdjustmentRequest => ({
      customerId: context.customerId,
      amount: parseSignedAmount(context.values.amount, COIN_DECIMALS) ?? 0,
      reason: context.values.reason.trim(),
      idempotencyKey: attemptKey(context),
    }),
  },
  ...keyedAttempts({
    empty: { amount: '', reason: '' },
    notice: (answer: AdjustmentAnswer) => ({
      kind: 'success',
      text: serverTextOr(answer.message, adjustmentMessages.done),
    }),
    reload: { action: 'reloadCustomer', systemId: 'operatorCustomer' },
  }),
});
