import { z } from 'zod';
import { settingsDefaults } from '../../domain/settings';
import { ascendingPresets, settingRules, topUpPresetsProblem } from '../../domain/settings-rules';
import type { Database } from '../db/database';
import { settings } from '../db/schema';

/**
 * The public store settings of docs/product.md §3, read from the key/value `settings` table. Every field is
 * always present: a missing key, or a value of the wrong shape, takes the docs/product.md §3 default of
 * domain/settings (a wrong shape is also reported, so an operator can fix the row).
 */

/** Text shown as it is; an empty or blank value means unset. */
const optionalText = z
  .string()
  .nullable()
  .transform((value) => (value === null || value.trim() === '' ? null : value));
const minorUnits = z.number().refine(settingRules.minorUnits);
const price = z.number().refine(settingRules.price);

const DEFAULTS = settingsDefaults();

function field<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return { schema, fallback };
}

const fields = {
  requisites: field(optionalText, DEFAULTS.requisites),
  support_email: field(optionalText, DEFAULTS.support_email),
  copyright: field(optionalText, DEFAULTS.copyright),
  company_name: field(optionalText, DEFAULTS.company_name),
  company_reg_number: field(optionalText, DEFAULTS.company_reg_number),
  company_address: field(optionalText, DEFAULTS.company_address),
  is_reg_enabled: field(z.boolean(), DEFAULTS.is_reg_enabled),
  min_top_up: field(minorUnits, DEFAULTS.min_top_up),
  // Each against min_top_up too: settingsFromRows and the operator's change (server/operator/settings.ts).
  top_up_presets: field(
    z
      .array(z.number())
      .refine((presets) => topUpPresetsProblem(presets, 0) === null)
      .transform(ascendingPresets),
    DEFAULTS.top_up_presets,
  ),
  vat_percent: field(z.number().refine(settingRules.vatPercent), DEFAULTS.vat_percent),
  payment_methods: field(
    z.array(z.enum(['balance', 'card'])).transform((methods) => [...new Set(methods)]),
    DEFAULTS.payment_methods,
  ),
  welcome_bonus_tokens: field(minorUnits, DEFAULTS.welcome_bonus_tokens),
  points_conversion_rate: field(
    z.number().refine(settingRules.conversionRate),
    DEFAULTS.points_conversion_rate,
  ),
  image_generation_price: field(price, DEFAULTS.image_generation_price),
  background_removal_price: field(price, DEFAULTS.background_removal_price),
  upscale_price: field(price, DEFAULTS.upscale_price),
  image_generation_sizes: field(
    z.array(z.string().refine(settingRules.imageSize)),
    DEFAULTS.image_generation_sizes,
  ),
  upscale_factors: field(z.array(z.number().refine(settingRules.upscaleFactor)), DEFAULTS.upscale_factors),
  google_tag: field(optionalText, DEFAULTS.google_tag),
  game_server: field(
    z
      .object({
        host: z.string().trim().refine(settingRules.host),
        port: z.number().refine(settingRules.port).nullable().default(null),
      })
      .nullable(),
    DEFAULTS.game_server,
  ),
  internal_currency: field(
    z.object({ name: z.string().trim().refine(settingRules.coinName) }),
    DEFAULTS.internal_currency,
  ),
};

type Fields = typeof fields;
export type SettingKey = keyof Fields;
export type Settings = { [K in SettingKey]: z.output<Fields[K]['schema']> };

const settingKeys = Object.keys(fields) as SettingKey[];

/**
 * The settings texts an operator may give per language (docs/product.md §3's footer texts), stored as one
 * more key/value row: `{ "<language code>": { "<text key>": "…" } }`, like the countries' `titles`.
 * A language without a text of its own shows the stored (default language's) one.
 */
export const TEXT_TRANSLATIONS_KEY = 'text_translations';
const translatableTexts = ['requisites', 'copyright', 'company_name', 'company_address'] as const;
type TranslatableText = (typeof translatableTexts)[number];
export type SettingsTexts = Record<string, Partial<Pick<Settings, TranslatableText>>>;

const textTranslations = z.record(
  z.string(),
  z.object(Object.fromEntries(translatableTexts.map((key) => [key, optionalText.optional()]))).strip(),
);

/** Called for each stored setting whose value has the wrong shape (its default is used). */
export type InvalidSettingReporter = (key: SettingKey | typeof TEXT_TRANSLATIONS_KEY, value: unknown) => void;

function parseField<K extends SettingKey>(
  key: K,
  stored: Map<string, unknown>,
  onInvalid: InvalidSettingReporter,
) {
  const { schema, fallback } = fields[key];
  if (!stored.has(key)) return fallback as Settings[K];
  const parsed = schema.safeParse(stored.get(key));
  if (parsed.success) return parsed.data as Settings[K];
  onInvalid(key, stored.get(key));
  return fallback as Settings[K];
}

/** A value an operator gives a setting, in the shape it is stored; undefined when it is not one. */
export function settingValue<K extends SettingKey>(
  key: K,
  value: unknown,
): { value: Settings[K] } | undefined {
  const parsed = fields[key].schema.safeParse(value);
  return parsed.success ? { value: parsed.data as Settings[K] } : undefined;
}

/** The settings from stored `key → value` rows, with a default for every unset or malformed key. */
export function settingsFromRows(
  rows: readonly { key: string; value: unknown }[],
  onInvalid: InvalidSettingReporter = () => {},
): Settings {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const result: Partial<Record<SettingKey, unknown>> = {};
  for (const key of settingKeys) result[key] = parseField(key, stored, onInvalid);
  const parsed = result as Settings;
  // A pack below the minimum is no pack the store can sell (docs/product.md §3 top_up_presets).
  if (topUpPresetsProblem(parsed.top_up_presets, parsed.min_top_up) !== null) {
    onInvalid('top_up_presets', stored.get('top_up_presets'));
    parsed.top_up_presets = DEFAULTS.top_up_presets;
  }
  return parsed;
}

/** The per-language texts from the stored rows; none when the row is missing or malformed. */
export function textsFromRows(
  rows: readonly { key: string; value: unknown }[],
  onInvalid: InvalidSettingReporter = () => {},
): SettingsTexts {
  const row = rows.find((candidate) => candidate.key === TEXT_TRANSLATIONS_KEY);
  if (row === undefined) return {};
  const parsed = textTranslations.safeParse(row.value);
  if (parsed.success) return parsed.data as SettingsTexts;
  onInvalid(TEXT_TRANSLATIONS_KEY, row.value);
  return {};
}

/** The settings with the texts of `languageCode` over the stored ones, where it has its own. */
export function settingsIn(stored: Settings, texts: SettingsTexts, languageCode: string): Settings {
  const own = texts[languageCode] ?? {};
  const result = { ...stored };
  for (const key of translatableTexts) {
    const text = own[key];
    if (text !== undefined && text !== null) result[key] = text;
  }
  return result;
}

/**
 * The settings as the storefront is told them: `card` among the payment methods only when the
 * store has a provider that takes cards (not PAYMENT_PROVIDER=none, or a deployed store without
 * Stripe), so it never offers a payment that can only answer 503.
 */
export function offeredSettings(stored: Settings, takesCards: boolean): Settings {
  return takesCards
    ? stored
    : { ...stored, payment_methods: stored.payment_methods.filter((m) => m !== 'card') };
}

export interface StoredSettings {
  settings: Settings;
  texts: SettingsTexts;
}

/** The settings and their per-language texts, straight from the database (one query). */
export async function readStoredSettings(
  db: Database,
  onInvalid?: InvalidSettingReporter,
): Promise<StoredSettings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  return { settings: settingsFromRows(rows, onInvalid), texts: textsFromRows(rows, onInvalid) };
}
