import { assign, sendTo } from 'xstate';
import { isApiFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { COIN_DECIMALS, decimalsFor } from '../../domain/money';
import { parseAmount, toDecimalString } from '../../domain/money-text';
import type { PaymentMethod, Settings } from '../../domain/settings';
import { settingRules, TOP_UP_PRESETS_MAX, topUpPresetsProblem } from '../../domain/settings-rules';
import { isEmail } from '../forms/credentials';
import { errorOf, type FormContext, type FormEvent, formMachine, notProvided } from '../forms/formMachine';
import type { Rule } from '../forms/rules';
import { defineMessages, failureText, type Text, withValues } from '../text';
import { toast } from '../toasts';

export type SettingsChange = components['schemas']['SettingsChange'];

export const settingsMessages = defineMessages({
  loadFailed: { id: 'operator.settings.loadFailed', defaultMessage: 'The settings could not be loaded.' },
  failed: { id: 'operator.settings.failed', defaultMessage: 'The settings could not be saved.' },
  saved: { id: 'operator.settings.saved', defaultMessage: 'The settings were saved.' },
  email: {
    id: 'operator.settings.emailRule',
    defaultMessage: 'Enter an email address like name@example.com, or leave it empty',
  },
  amount: {
    id: 'operator.settings.amountRule',
    defaultMessage:
      'Enter an amount of 0 or more, with at most {decimals, plural, =0 {no decimals} one {# decimal} other {# decimals}}',
  },
  percent: { id: 'operator.settings.percentRule', defaultMessage: 'Enter a percentage from 0 to 100' },
  positive: { id: 'operator.settings.positiveRule', defaultMessage: 'Enter a number above 0' },
  price: { id: 'operator.settings.priceRule', defaultMessage: 'Enter a number of 0 or more' },
  sizes: {
    id: 'operator.settings.sizesRule',
    defaultMessage: 'List sizes like 1024x1024, separated by commas',
  },
  factors: {
    id: 'operator.settings.factorsRule',
    defaultMessage: 'List whole numbers of 1 or more, separated by commas',
  },
  host: { id: 'operator.settings.hostRule', defaultMessage: 'The address is at most 253 characters' },
  port: {
    id: 'operator.settings.portRule',
    defaultMessage: 'Enter a port from 1 to 65535, or leave it empty',
  },
  portWithoutHost: {
    id: 'operator.settings.portWithoutHost',
    defaultMessage: "Enter the server's address too, or leave the port empty",
  },
  coinName: { id: 'operator.settings.coinNameRule', defaultMessage: 'Give the coins a name' },
  presets: {
    id: 'operator.settings.presetsRule',
    defaultMessage:
      'List at most {max} amounts, separated by commas, each at least the minimum top-up, with at most {decimals, plural, =0 {no decimals} one {# decimal} other {# decimals}}, none twice',
  },
});

/** The form's fields: each setting as text ('' for none), a flag as 'true' or 'false'. */
export interface SettingsValues {
  support_email: string;
  company_name: string;
  company_reg_number: string;
  company_address: string;
  requisites: string;
  copyright: string;
  is_reg_enabled: string;
  /** In the default currency's major units. */
  min_top_up: string;
  /** The top-up packs in the default currency's major units, comma-separated ('5.00, 10.00'). */
  top_up_presets: string;
  vat_percent: string;
  /** The methods offered, comma-separated ('balance,card'). */
  payment_methods: string;
  /** In coins (2 decimals). */
  welcome_bonus_tokens: string;
  points_conversion_rate: string;
  image_generation_price: string;
  background_removal_price: string;
  upscale_price: string;
  /** Comma-separated ('1024x1024, 1536x1024'). */
  image_generation_sizes: string;
  /** Comma-separated ('2, 4'). */
  upscale_factors: string;
  google_tag: string;
  game_server_host: string;
  game_server_port: string;
  coin_name: string;
}
export type SettingsField = keyof SettingsValues;

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['balance', 'card'];

/** A number as an operator types it ('19', '19.5', '19,5'); null when it is not one. */
export function numberOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+(?:[.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : null;
}

/** A comma-separated list, blanks dropped. */
export const listOf = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

const numberText = (value: number): string => String(value);

/** The form filled from the stored settings; `currency` is the default currency (min_top_up's). */
export function valuesOf(settings: Settings, currency: string): SettingsValues {
  return {
    support_email: settings.support_email ?? '',
    company_name: settings.company_name ?? '',
    company_reg_number: settings.company_reg_number ?? '',
    company_address: settings.company_address ?? '',
    requisites: settings.requisites ?? '',
    copyright: settings.copyright ?? '',
    is_reg_enabled: String(settings.is_reg_enabled),
    min_top_up: toDecimalString(settings.min_top_up, decimalsFor(currency)),
    top_up_presets: settings.top_up_presets
      .map((amount) => toDecimalString(amount, decimalsFor(currency)))
      .join(', '),
    vat_percent: numberText(settings.vat_percent),
    payment_methods: PAYMENT_METHODS.filter((method) => settings.payment_methods.includes(method)).join(','),
    welcome_bonus_tokens: toDecimalString(settings.welcome_bonus_tokens, COIN_DECIMALS),
    points_conversion_rate: numberText(settings.points_conversion_rate),
    image_generation_price: numberText(settings.image_generation_price),
    background_removal_price: numberText(settings.background_removal_price),
    upscale_price: numberText(settings.upscale_price),
    image_generation_sizes: settings.image_generation_sizes.join(', '),
    upscale_factors: settings.upscale_factors.join(', '),
    google_tag: settings.google_tag ?? '',
    game_server_host: settings.game_server?.host ?? '',
    game_server_port: settings.game_server?.port == null ? '' : String(settings.game_server.port),
    coin_name: settings.internal_currency.name,
  };
}

const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The settings the (valid) form states, in the contract's shape. */
export function settingsOf(values: SettingsValues, currency: string): Settings {
  const host = values.game_server_host.trim();
  const port = values.game_server_port.trim();
  return {
    support_email: textOrNull(values.support_email),
    company_name: textOrNull(values.company_name),
    company_reg_number: textOrNull(values.company_reg_number),
    company_address: textOrNull(values.company_address),
    requisites: textOrNull(values.requisites),
    copyright: textOrNull(values.copyright),
    is_reg_enabled: values.is_reg_enabled === 'true',
    min_top_up: parseAmount(values.min_top_up, decimalsFor(currency)) ?? 0,
    // Sorted by the server (docs/product.md §3).
    top_up_presets: presetsOf(values.top_up_presets, decimalsFor(currency)) ?? [],
    vat_percent: numberOf(values.vat_percent) ?? 0,
    payment_methods: PAYMENT_METHODS.filter((method) => listOf(values.payment_methods).includes(method)),
    welcome_bonus_tokens: parseAmount(values.welcome_bonus_tokens, COIN_DECIMALS) ?? 0,
    points_conversion_rate: numberOf(values.points_conversion_rate) ?? 0,
    image_generation_price: numberOf(values.image_generation_price) ?? 0,
    background_removal_price: numberOf(values.background_removal_price) ?? 0,
    upscale_price: numberOf(values.upscale_price) ?? 0,
    image_generation_sizes: listOf(values.image_generation_sizes),
    upscale_factors: listOf(values.upscale_factors).map(Number),
    google_tag: textOrNull(values.google_tag),
    game_server: host === '' ? null : { host, port: port === '' ? null : Number(port) },
    internal_currency: { name: values.coin_name.trim() },
  };
}

/** The packs typed ('5, 10.50': commas part them, so a decimal takes a point), or null. */
export function presetsOf(text: string, decimals: number): number[] | null {
  const amounts = listOf(text).map((item) => parseAmount(item, decimals));
  return amounts.every((amount) => amount !== null) ? (amounts as number[]) : null;
}

/** PATCH /operator/settings's body: the settings the form changed from the stored ones. */
export function changeOf(values: SettingsValues, stored: Settings, currency: string): SettingsChange {
  const wanted = settingsOf(values, currency);
  const change: Record<string, unknown> = {};
  for (const key of Object.keys(wanted) as (keyof Settings)[]) {
    if (JSON.stringify(wanted[key]) !== JSON.stringify(stored[key])) change[key] = wanted[key];
  }
  return change as SettingsChange;
}

const blankOr = (text: string, valid: (text: string) => boolean): boolean =>
  text.trim() === '' || valid(text);
const amountIn = (decimals: number) => (text: string) => {
  const minor = parseAmount(text, decimals);
  return minor !== null && settingRules.minorUnits(minor);
};
const numberRule = (rule: (value: number) => boolean) => (text: string) => {
  const value = numberOf(text);
  return value !== null && rule(value);
};

/** top_up_presets: amounts as min_top_up's, and domain/settings-rules.ts's rule against the typed minimum. */
const presetRule = (decimals: number): Rule<SettingsValues, SettingsField> => ({
  field: 'top_up_presets',
  message: withValues(settingsMessages.presets, { decimals, max: TOP_UP_PRESETS_MAX }),
  valid: (v) => {
    const presets = presetsOf(v.top_up_presets, decimals);
    return (
      presets !== null && topUpPresetsProblem(presets, parseAmount(v.min_top_up, decimals) ?? 0) === null
    );
  },
});

/** The form's rules: domain/settings.ts's settingRules on the typed text, in the form's order. */
export function settingsRules(currency: string): Rule<SettingsValues, SettingsField>[] {
  const decimals = decimalsFor(currency);
  return [
    {
      field: 'support_email',
      message: settingsMessages.email,
      valid: (v) => blankOr(v.support_email, isEmail),
    },
    {
      field: 'min_top_up',
      message: withValues(settingsMessages.amount, { decimals }),
      valid: (v) => amountIn(decimals)(v.min_top_up),
    },
    presetRule(decimals),
    {
      field: 'vat_percent',
      message: settingsMessages.percent,
      valid: (v) => numberRule(settingRules.vatPercent)(v.vat_percent),
    },
    {
      field: 'welcome_bonus_tokens',
      message: withValues(settingsMessages.amount, { decimals: COIN_DECIMALS }),
      valid: (v) => amountIn(COIN_DECIMALS)(v.welcome_bonus_tokens),
    },
    {
      field: 'points_conversion_rate',
      message: settingsMessages.positive,
      valid: (v) => numberRule(settingRules.conversionRate)(v.points_conversion_rate),
    },
    ...(['image_generation_price', 'background_removal_price', 'upscale_price'] as const).map((field) => ({
      field,
      message: settingsMessages.price,
      valid: (v: SettingsValues) => numberRule(settingRules.price)(v[field]),
    })),
    {
      field: 'image_generation_sizes',
      message: settingsMessages.sizes,
      valid: (v) => listOf(v.image_generation_sizes).every(settingRules.imageSize),
    },
    {
      field: 'upscale_factors',
      message: settingsMessages.factors,
      valid: (v) =>
        listOf(v.upscale_factors).every(
          (factor) => /^\d+$/.test(factor) && settingRules.upscaleFactor(Number(factor)),
        ),
    },
    {
      field: 'game_server_host',
      message: settingsMessages.host,
      valid: (v) => blankOr(v.game_server_host, (host) => settingRules.host(host.trim())),
    },
    {
      field: 'game_server_port',
      message: settingsMessages.port,
      valid: (v) =>
        blankOr(v.game_server_port, (port) => /^\d+$/.test(port.trim()) && settingRules.port(Number(port))),
    },
    {
      field: 'game_server_port',
      message: settingsMessages.portWithoutHost,
      valid: (v) => v.game_server_port.trim() === '' || v.game_server_host.trim() !== '',
    },
    {
      field: 'coin_name',
      message: settingsMessages.coinName,
      valid: (v) => settingRules.coinName(v.coin_name.trim()),
    },
  ];
}

/** The API's field names → the form's fields (a 422 keyed by the setting). */
const SERVER_FIELDS: Record<string, SettingsField> = {
  support_email: 'support_email',
  company_name: 'company_name',
  company_reg_number: 'company_reg_number',
  company_address: 'company_address',
  requisites: 'requisites',
  copyright: 'copyright',
  is_reg_enabled: 'is_reg_enabled',
  min_top_up: 'min_top_up',
  top_up_presets: 'top_up_presets',
  vat_percent: 'vat_percent',
  payment_methods: 'payment_methods',
  welcome_bonus_tokens: 'welcome_bonus_tokens',
  points_conversion_rate: 'points_conversion_rate',
  image_generation_price: 'image_generation_price',
  background_removal_price: 'background_removal_price',
  upscale_price: 'upscale_price',
  image_generation_sizes: 'image_generation_sizes',
  upscale_factors: 'upscale_factors',
  google_tag: 'google_tag',
  game_server: 'game_server_host',
  internal_currency: 'coin_name',
};

export interface SettingsInput {
  /** The store's default currency, the one min_top_up is in. */
  currency: string;
}

/** The settings as stored and the version they were read at (the ETag to send back). */
export interface StoredSettings {
  settings: Settings;
  etag: string;
}

export interface SettingsRequest {
  change: SettingsChange;
  etag: string;
}

export interface SettingsContext extends FormContext<SettingsValues, SettingsField>, SettingsInput {
  stored: Settings | null;
  etag: string;
  /** Somebody saved in between (412): RELOAD reads theirs and keeps this form's changes on top. */
  stale: boolean;
  loadError: Text | null;
}

export type SettingsEvent = FormEvent<SettingsField> | { type: 'RETRY' } | { type: 'RELOAD' };

const EMPTY: SettingsValues = {
  support_email: '',
  company_name: '',
  company_reg_number: '',
  company_address: '',
  requisites: '',
  copyright: '',
  is_reg_enabled: 'false',
  min_top_up: '',
  top_up_presets: '',
  vat_percent: '',
  payment_methods: '',
  welcome_bonus_tokens: '',
  points_conversion_rate: '',
  image_generation_price: '',
  background_removal_price: '',
  upscale_price: '',
  image_generation_sizes: '',
  upscale_factors: '',
  google_tag: '',
  game_server_host: '',
  game_server_port: '',
  coin_name: '',
};

/** The fresh values with every field this form changed from what it had read kept as typed. */
export function keepChanges(
  context: Pick<SettingsContext, 'values' | 'stored' | 'currency'>,
  fresh: Settings,
): SettingsValues {
  const read = context.stored ? valuesOf(context.stored, context.currency) : EMPTY;
  const merged = valuesOf(fresh, context.currency);
  for (const field of Object.keys(merged) as SettingsField[]) {
    if (context.values[field] !== read[field]) merged[field] = context.values[field];
  }
  return merged;
}

export const operatorSettingsMachine = formMachine({
  types: { events: {} as SettingsEvent, input: {} as SettingsInput },
  id: 'operatorSettings',
  description: [
    "The console's settings (/operator/settings): loads the stored settings and their version (loading), then",
    'the form shows every one (editing). CHANGE edits a field; SUBMIT checks the rules of domain/settings.ts',
    "(an email or nothing, amounts of 0 or more in the default currency's and the coins' decimals, at most 6",
    'top-up packs, each at least the minimum and none twice, VAT 0–100,',
    'a conversion rate above 0, prices of 0 or more, sizes like 1024x1024, whole upscale factors, a port 1–65535',
    'with an address, a coin name) at the first broken field, then sends what changed (PATCH with If-Match).',
    "Saved: the form shows the settings as stored now, 'The settings were saved.', and the app reads its",
    'settings again (SETTINGS.CHANGED). A 422 shows its messages at their fields; a 412 (saved meanwhile by',
    "somebody else) its message, and RELOAD (refreshing) reads theirs keeping this form's changes on top;",
    "another failure its message or 'The settings could not be saved.'; nothing typed is lost. A failed load",
    "shows its message or 'The settings could not be loaded.' and RETRY loads again; a cancelled call nothing.",
  ].join(' '),
  context: (input: SettingsInput) => ({
    values: EMPTY,
    currency: input.currency,
    stored: null as Settings | null,
    etag: '',
    stale: false,
    loadError: null as Text | null,
  }),
  rules: (context) => settingsRules(context.currency),
  fieldsFromServer: SERVER_FIELDS,
  failureMessage: settingsMessages.failed,
  request: {
    id: 'saveSettings',
    input: (context): SettingsRequest => ({
      change: context.stored ? changeOf(context.values, context.stored, context.currency) : {},
      etag: context.etag,
    }),
  },
  sending: 'saving',
  initial: 'loading',
  changeWhileEditing: true,
  editing: { on: { RELOAD: { guard: 'stale', target: 'refreshing' } } },
  onError: [
    {
      guard: 'changedMeanwhile',
      target: '#operatorSettings.editing',
      actions: [{ type: 'showFailure', params: errorOf }, assign({ stale: true })],
    },
  ],
  onDone: {
    target: 'editing',
    actions: [
      { type: 'fill', params: ({ event }: { event: { output: StoredSettings } }) => event.output },
      { type: 'announce', params: { kind: 'success', text: settingsMessages.saved } },
      'settingsChanged',
    ],
  },
  states: ({ editing, request }) => ({
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        onDone: {
          target: 'editing',
          actions: {
            type: 'fill',
            params: ({ event }: { event: { output: StoredSettings } }) => event.output,
          },
        },
        onError: [
          { guard: 'silent', target: 'loadFailed' },
          {
            target: 'loadFailed',
            actions: assign({
              loadError: ({ event }: { event: { error: unknown } }) =>
                failureText(event.error, settingsMessages.loadFailed),
            }),
          },
        ],
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing,
    refreshing: {
      invoke: {
        id: 'refetchSettings',
        src: 'fetchSettings',
        onDone: {
          target: 'editing',
          actions: {
            type: 'refill',
            params: ({ event }: { event: { output: StoredSettings } }) => event.output,
          },
        },
        onError: [
          { guard: 'silent', target: 'editing' },
          { target: 'editing', actions: { type: 'showFailure', params: errorOf } },
        ],
      },
    },
    saving: request,
  }),
  actors: { fetchSettings: notProvided('fetchSettings') },
  guards: {
    stale: ({ context }: { context: SettingsContext }) => context.stale,
    changedMeanwhile: ({ event }: { event: { error?: unknown } }) =>
      isApiFailure(event.error) && event.error.status === 412,
  },
  actions: {
    fill: assign(({ context }: { context: SettingsContext }, output: StoredSettings) => ({
      values: valuesOf(output.settings, context.currency),
      stored: output.settings,
      etag: output.etag,
      stale: false,
    })),
    refill: assign(({ context }: { context: SettingsContext }, output: StoredSettings) => ({
      values: keepChanges(context, output.settings),
      stored: output.settings,
      etag: output.etag,
      stale: false,
      formError: null,
    })),
    announce: toast(),
    settingsChanged: sendTo(({ system }) => system.get('app'), { type: 'SETTINGS.CHANGED' as const }),
  },
});
