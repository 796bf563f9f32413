import { settingsDefaults } from '../../../domain/settings';

/** Languages of the demo store; the first is the default. */
export const seedLanguages = [
  { code: 'en', title: 'English', isDefault: true },
  { code: 'de', title: 'Deutsch', isDefault: false },
  { code: 'es', title: 'Español', isDefault: false },
] as const;

export type SeedLanguageCode = (typeof seedLanguages)[number]['code'];

/** Display currencies: `value` is units per 1 EUR (approximate market rates). */
export const seedCurrencies = [
  { code: 'EUR', value: '1', symbol: '€', isDefault: true },
  { code: 'USD', value: '1.16', symbol: '$', isDefault: false },
  { code: 'GBP', value: '0.87', symbol: '£', isDefault: false },
  { code: 'JPY', value: '176', symbol: '¥', isDefault: false },
  { code: 'KWD', value: '0.356', symbol: 'KD', isDefault: false },
];

/**
 * Public settings of docs/product.md §3: the defaults, with a demo company and its amounts. Money is in integer minor units, as in the API (ADR 0002):
 * min_top_up in cents of the default currency (EUR), the welcome bonus in hundredths of a coin.
 * Amounts as a real store sets them (docs/decisions/0019): 100 coins to the euro, so products cost 100–2,000
 * coins (€1–€20), the welcome bonus is 100 coins (€1), and the €5 minimum top-up buys 500 coins.
 */
export const seedSettings: Record<string, unknown> = {
  ...settingsDefaults(),
  requisites: 'Blockfront Network Ltd · VAT ID EU372000041 · IBAN DE89 3704 0044 0532 0130 00',
  support_email: 'support@blockfront.example',
  copyright: 'Blockfront Network. Not affiliated with Mojang or Microsoft.',
  company_name: 'Blockfront Network Ltd',
  company_reg_number: 'HRB 204718',
  company_address: 'Am Kupfergraben 6, 10117 Berlin, Germany',
  is_reg_enabled: true,
  min_top_up: 500,
  // The balance tab's packs: €5, €10, €25, €50.
  top_up_presets: [500, 1000, 2500, 5000],
  welcome_bonus_tokens: 10_000,
  points_conversion_rate: 100,
  google_tag: '',
  game_server: { host: 'play.blockfront.example', port: 25565 },
  // The footer texts in the other languages (server/catalogue/settings.ts, TEXT_TRANSLATIONS_KEY).
  text_translations: {
    de: {
      requisites: 'Blockfront Network Ltd · USt-IdNr. EU372000041 · IBAN DE89 3704 0044 0532 0130 00',
      copyright: 'Blockfront Network. Nicht mit Mojang oder Microsoft verbunden.',
      company_address: 'Am Kupfergraben 6, 10117 Berlin, Deutschland',
    },
    es: {
      requisites: 'Blockfront Network Ltd · NIF-IVA EU372000041 · IBAN DE89 3704 0044 0532 0130 00',
      copyright: 'Blockfront Network. Sin afiliación con Mojang ni Microsoft.',
      company_address: 'Am Kupfergraben 6, 10117 Berlín, Alemania',
    },
  },
};

export const seedSocialLinks = [
  { title: 'Discord', link: 'https://discord.com/', img: '/images/social/discord.svg' },
  { title: 'YouTube', link: 'https://www.youtube.com/', img: '/images/social/youtube.svg' },
  { title: 'Instagram', link: 'https://www.instagram.com/', img: '/images/social/instagram.svg' },
  { title: 'X', link: 'https://x.com/', img: '/images/social/x.svg' },
];
