import { type AnyEventObject, assign, emit, sendTo } from 'xstate';
import type { components } from '../../domain/contract';
import {
  currencyCodeProblem,
  type RateProblem,
  rateProblem,
  rateText,
  symbolValid,
} from '../../domain/money';
import { type FormContext, type FormEvent, formMachine, notProvided } from '../forms/formMachine';
import { filled, type Rule } from '../forms/rules';
import { defineMessages, type MessageText, type Text } from '../text';
import { toast } from '../toasts';
import type { OperatorCurrency } from './currencies';
import { versionedRecord } from './versionedRecord';

export const currencyEditorMessages = defineMessages({
  codeFormat: {
    id: 'operator.currency.codeFormat',
    defaultMessage: 'Enter the ISO 4217 code in three capital letters, like CHF',
  },
  codeUnknown: {
    id: 'operator.currency.codeUnknown',
    defaultMessage: 'There is no ISO 4217 currency with this code',
  },
  symbolRequired: {
    id: 'operator.currency.symbolRequired',
    defaultMessage: 'Enter a symbol of 1 to 8 characters',
  },
  rateRequired: { id: 'operator.currency.rateRequired', defaultMessage: 'Enter the rate, like 1.16' },
  rateNotDecimal: {
    id: 'operator.currency.rateNotDecimal',
    defaultMessage: 'Enter the rate as a decimal number, like 1.16',
  },
  rateNotPositive: {
    id: 'operator.currency.rateNotPositive',
    defaultMessage: 'The rate must be greater than 0',
  },
  rateTooManyDecimals: {
    id: 'operator.currency.rateTooManyDecimals',
    defaultMessage: 'The rate may have at most 8 decimals',
  },
  rateTooLarge: {
    id: 'operator.currency.rateTooLarge',
    defaultMessage: 'The rate may have at most 12 digits before the decimal point',
  },
  loadFailed: { id: 'operator.currency.loadFailed', defaultMessage: 'The currency could not be loaded.' },
  failed: { id: 'operator.currency.failed', defaultMessage: 'The currency could not be saved.' },
  conflict: {
    id: 'operator.currency.conflict',
    defaultMessage:
      'Someone else changed this currency meanwhile. What you typed is still here: reload to see their version, then make your change again.',
  },
  saved: { id: 'operator.currency.saved', defaultMessage: 'The currency was saved.' },
});

const RATE_TEXT: Record<RateProblem, MessageText> = {
  notDecimal: currencyEditorMessages.rateNotDecimal,
  notPositive: currencyEditorMessages.rateNotPositive,
  tooManyDecimals: currencyEditorMessages.rateTooManyDecimals,
  tooLarge: currencyEditorMessages.rateTooLarge,
};

export interface CurrencyEditorInput {
  /** The currency's code; null for a new one. */
  code: string | null;
  /** The store's default currency, the one rates are quoted against. */
  base: string;
}

/** The form's values as typed: `code` (a new currency's), `symbol`, `value` (the rate), `shown` ('yes' or 'no'). */
export interface CurrencyValues {
  code: string;
  symbol: string;
  value: string;
  shown: string;
}
export type CurrencyField = keyof CurrencyValues;

export type CurrencyCreate = components['schemas']['CurrencyCreateRequest'];
export type CurrencyChange = components['schemas']['CurrencyChangeRequest'];

/** The save: a new currency (POST /operator/currencies) or a change of one (PATCH, with its version). */
export type CurrencySaveRequest =
  | { kind: 'create'; body: CurrencyCreate }
  | { kind: 'update'; code: string; body: CurrencyChange };

export interface CurrencyEditorContext
  extends FormContext<CurrencyValues, CurrencyField>,
    CurrencyEditorInput {
  currency: OperatorCurrency | null;
  loadError: Text | null;
  /** A save met a newer version (409): what was typed stays, and RELOAD offers theirs. */
  conflict: boolean;
}

export type CurrencyEditorEvent = FormEvent<CurrencyField> | { type: 'RETRY' } | { type: 'RELOAD' };

/** The values a currency shows in the form (a new one: empty and shown). */
export function currencyValuesOf(currency: OperatorCurrency | null): CurrencyValues {
  return {
    code: currency?.code ?? '',
    symbol: currency?.symbol ?? '',
    value: currency?.value ?? '',
    shown: currency?.hidden ? 'no' : 'yes',
  };
}

/** The rules of domain/money.ts on the typed text, in the form's order. */
export function currencyEditorRules(isNew: boolean): Rule<CurrencyValues, CurrencyField>[] {
  return [
    ...(isNew
      ? [
          {
            field: 'code' as const,
            message: currencyEditorMessages.codeFormat,
            valid: (v: CurrencyValues) => currencyCodeProblem(v.code.trim()) !== 'format',
          },
          {
            field: 'code' as const,
            message: currencyEditorMessages.codeUnknown,
            valid: (v: CurrencyValues) => currencyCodeProblem(v.code.trim()) === null,
          },
        ]
      : []),
    { field: 'symbol', message: currencyEditorMessages.symbolRequired, valid: (v) => symbolValid(v.symbol) },
    { field: 'value', message: currencyEditorMessages.rateRequired, valid: (v) => filled(v.value) },
    ...(Object.entries(RATE_TEXT) as [RateProblem, MessageText][]).map(([problem, message]) => ({
      field: 'value' as const,
      message,
      valid: (v: CurrencyValues) => !filled(v.value) || rateProblem(v.value) !== problem,
    })),
  ];
}

export function currencySaveRequest(context: CurrencyEditorContext): CurrencySaveRequest {
  const { values } = context;
  const common = {
    value: rateText(values.value),
    symbol: values.symbol.trim(),
    hidden: values.shown !== 'yes',
  };
  if (context.currency === null) {
    return { kind: 'create', body: { code: values.code.trim(), ...common } };
  }
  return {
    kind: 'update',
    code: context.currency.code,
    body: { version: context.currency.version, ...common },
  };
}

const SERVER_FIELDS: Record<string, CurrencyField> = {
  code: 'code',
  symbol: 'symbol',
  value: 'value',
  hidden: 'shown',
};

const record = versionedRecord<CurrencyEditorContext>({
  load: { src: 'loadCurrency', input: (context) => ({ code: context.code }) },
  record: (context) => context.currency,
  editingTarget: '#currencyEditor.editing',
  messages: { loadFailed: currencyEditorMessages.loadFailed, conflict: currencyEditorMessages.conflict },
});

export const currencyEditorMachine = formMachine({
  types: {
    events: {} as CurrencyEditorEvent,
    input: {} as CurrencyEditorInput,
    emitted: {} as { type: 'navigate'; to: string },
  },
  id: 'currencyEditor',
  description: [
    "The console's currency page (/operator/currencies/new, /operator/currencies/{code}). It loads the currency",
    "(none for a new one; loading); a 404 is notFound, another failure shows its message or 'The currency could not",
    "be loaded.' with RETRY. CHANGE edits the symbol, the rate (units per 1 of the default currency), shown or",
    'hidden and, for a new one, its ISO 4217 code; SUBMIT checks the code, the symbol and the rate',
    '(domain/money.ts: above 0, at most 8 decimals and 12 digits before the point) at the first broken field, then',
    'sends POST /operator/currencies or PATCH /operator/currencies/{code} with its version. Success keeps the',
    "currency as saved, toasts 'The currency was saved.' and has the store read its currencies again (currency",
    'RELOAD); a new currency then goes to its own page. A 409 (someone saved it meanwhile) keeps what was typed,',
    'says so, and RELOAD loads their version. Other refusals show their field errors at their fields or one',
    "message. A cancelled call shows nothing. The default currency's Offered switch is off limits (the server",
    'would refuse with a 409).',
  ].join(' '),
  context: (input: CurrencyEditorInput) => ({
    code: input.code,
    base: input.base,
    values: currencyValuesOf(null),
    currency: null as OperatorCurrency | null,
    loadError: null as Text | null,
    conflict: false,
  }),
  rules: (context) => currencyEditorRules(context.code === null),
  fieldsFromServer: SERVER_FIELDS,
  failureMessage: currencyEditorMessages.failed,
  request: { id: 'saveCurrency', input: (context) => currencySaveRequest(context as CurrencyEditorContext) },
  initial: 'loading',
  onDone: [
    {
      guard: 'wasNew',
      target: 'saved',
      actions: ['keepSaved', 'announceSaved', 'storeCurrenciesChanged', 'showSavedCurrency'],
    },
    { target: 'editing', actions: ['keepSaved', 'announceSaved', 'storeCurrenciesChanged'] },
  ],
  onError: record.onError,
  states: record.states,
  changeWhileEditing: true,
  actors: { loadCurrency: notProvided('loadCurrency') },
  guards: record.guards,
  actions: {
    showLoaded: assign(({ event }: { event: AnyEventObject }) => {
      const loaded = event.output as OperatorCurrency | null;
      return { currency: loaded, values: currencyValuesOf(loaded) };
    }),
    keepSaved: assign(({ event }: { event: { output: OperatorCurrency } }) => ({
      currency: event.output,
      values: currencyValuesOf(event.output),
      conflict: false,
    })),
    ...record.actions,
    announceSaved: toast('success', currencyEditorMessages.saved),
    storeCurrenciesChanged: sendTo(({ system }) => system.get('currency'), { type: 'RELOAD' as const }),
    showSavedCurrency: emit(({ event }: { event: AnyEventObject }) => ({
      type: 'navigate' as const,
      to: `/operator/currencies/${(event.output as OperatorCurrency).code}`,
    })),
  },
});
