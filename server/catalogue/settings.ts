import { z } from 'zod';
import type { Database } from '../db/client';
import { settings } from '../db/schema';

/**
 * The public store settings of SPEC §3, read from the key/value `settings` table. Every field is
 * always present: a missing key, or a value of the wrong shape, takes the SPEC §3 default (a
 * wrong shape is also reported, so an operator can fix the row).
 */

/** Text shown as it is; an empty or blank value means unset. */
const optionalText = z
  .string()
  .nullable()
  .transform((value) => (value === null || value.trim() === '' ? null : value));
const minorUnits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const price = z.number().min(0);

function field<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return { schema, fallback };
}

const fields = {
  requisites: field(optionalText, null),
  support_email: field(optionalText, null),
  copyright: field(optionalText, null),
  company_name: field(optionalText, null),
  company_reg_number: field(optionalText, null),
  company_address: field(optionalText, null),
  is_reg_enabled: field(z.boolean(), false),
  /** SPEC §3 names no default: without the key there is no minimum beyond one minor unit. */
  min_top_up: field(minorUnits, 0),
  vat_percent: field(z.number().min(0).max(100), 0),
  payment_methods: field(
    z.array(z.enum(['balance', 'card'])).transform((methods) => [...new Set(methods)]),
    ['balance', 'card'],
  ),
  welcome_bonus_tokens: field(minorUnits, 0),
  points_conversion_rate: field(z.number().positive(), 1),
  image_generation_price: field(price, 1),
  background_removal_price: field(price, 1),
  upscale_price: field(price, 1),
  image_generation_sizes: field(z.array(z.string().regex(/^[0-9]+x[0-9]+$/)), [
    '1024x1024',
    '1536x1024',
    '1024x1536',
  ]),
  upscale_factors: field(z.array(z.number().int().min(1)), [2, 4]),
  google_tag: field(optionalText, null),
  game_server: field(
    z
      .object({
        host: z.string().trim().min(1).max(253),
        port: z.number().int().min(1).max(65535).nullable().default(null),
      })
      .nullable(),
    null,
  ),
  internal_currency: field(z.object({ name: z.string().trim().min(1) }), { name: 'Coins' }),
};

type Fields = typeof fields;
export type SettingKey = keyof Fields;
export type Settings = { [K in SettingKey]: z.output<Fields[K]['schema']> };

const settingKeys = Object.keys(fields) as SettingKey[];

/** Called for each stored setting whose value has the wrong shape (its default is used). */
export type InvalidSettingReporter = (key: SettingKey, value: unknown) => void;

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

/** The settings from stored `key → value` rows, with a default for every unset or malformed key. */
export function settingsFromRows(
  rows: readonly { key: string; value: unknown }[],
  onInvalid: InvalidSettingReporter = () => {},
): Settings {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const result: Partial<Record<SettingKey, unknown>> = {};
  for (const key of settingKeys) result[key] = parseField(key, stored, onInvalid);
  return result as Settings;
}

/** The current settings, straight from the database (one query). */
export async function readSettings(db: Database, onInvalid?: InvalidSettingReporter): Promise<Settings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  return settingsFromRows(rows, onInvalid);
}
