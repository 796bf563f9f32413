import type { components } from './contract';

/**
 * The store settings of docs/product.md §3 as the contract answers them: every field present. The
 * contract states each field once, in `SettingsChange` (where every field is optional), and
 * `Settings` requires them all: hence the `undefined` taken out here.
 */
export type Settings = {
  [K in keyof components['schemas']['Settings']]-?: Exclude<components['schemas']['Settings'][K], undefined>;
};
export type PaymentMethod = components['schemas']['PaymentMethod'];

/** Settings as a server might send them, or as stored: any field may be missing. */
export type RawSettings = {
  [K in keyof Settings]?: Settings[K] | null;
};

/**
 * The value of each setting the store leaves unset (docs/product.md §3, and the contract's `default`s).
 * `payment_methods` defaults to both methods, as the contract states: a store that never set the
 * key still takes payments, rather than offering a checkout with no way to pay.
 * `min_top_up` has no default in docs/product.md §3: unset, there is no minimum beyond one minor unit.
 * `top_up_presets` unset: no packs, the top-up form offers only its amount field.
 */
export function settingsDefaults(): Settings {
  return {
    requisites: null,
    support_email: null,
    copyright: null,
    company_name: null,
    company_reg_number: null,
    company_address: null,
    is_reg_enabled: false,
    min_top_up: 0,
    top_up_presets: [],
    vat_percent: 0,
    payment_methods: ['balance', 'card'],
    welcome_bonus_tokens: 0,
    points_conversion_rate: 1,
    image_generation_price: 1,
    background_removal_price: 1,
    upscale_price: 1,
    image_generation_sizes: ['1024x1024', '1536x1024', '1024x1536'],
    upscale_factors: [2, 4],
    google_tag: null,
    game_server: null,
    internal_currency: { name: 'Coins' },
  };
}

/** The settings with the docs/product.md §3 default for every field that is missing or null. */
export function withSettingsDefaults(raw: RawSettings): Settings {
  const defaults = settingsDefaults();
  const settings = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof Settings)[]) {
    const value = raw[key];
    if (value !== undefined && value !== null) Object.assign(settings, { [key]: value });
  }
  // A blank coin name is no name.
  settings.internal_currency = { name: raw.internal_currency?.name || defaults.internal_currency.name };
  return settings;
}

/** The operator block of the footer: shown only when both the name and the address are known (docs/product.md §2). */
export function operatorCompany(settings: Settings | null): { name: string; address: string } | null {
  if (!settings?.company_name || !settings.company_address) return null;
  return { name: settings.company_name, address: settings.company_address };
}

// What each setting may hold (the server's check and the console's form): domain/settings-rules.ts,
// apart so that the first load, which needs the defaults above, does not carry them.
