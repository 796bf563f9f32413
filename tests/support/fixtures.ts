import { lineMaximum } from '../../domain/cart';
import { type Settings, settingsDefaults } from '../../domain/settings';
import type { Schemas } from '../../src/api';

/** Demo data the default handlers answer with (docs/architecture.md §4 "Demo data"), typed by the contract. */

export const DEMO_TOKEN = 'demo-token-0123456789';

/** Browser storage of a signed-in customer: pass as `renderApp({ storage: SIGNED_IN })`. */
export const SIGNED_IN: Readonly<Record<string, string>> = { auth_session: 'true', token: DEMO_TOKEN };

/** A store with its company filled in and the demo's amounts; every other field is the domain default. */
export const settings: Settings = {
  ...settingsDefaults(),
  requisites: 'VAT ID DE123456789',
  support_email: 'support@blockfront.example',
  copyright: 'Blockfront Network. All rights reserved.',
  company_name: 'Blockfront Games GmbH',
  company_reg_number: 'HRB 123456',
  company_address: 'Example Street 1, 10115 Berlin, Germany',
  is_reg_enabled: true,
  min_top_up: 500,
  top_up_presets: [500, 1000, 2500, 5000],
  vat_percent: 19,
  welcome_bonus_tokens: 5000,
  points_conversion_rate: 100,
  game_server: { host: 'play.blockfront.example', port: 25565 },
};

/** A complete, valid sign-up form (docs/product.md §7) of a German customer, as the client sends it. */
export const registrationForm = {
  name: 'Alex',
  surname: 'Stone',
  email: 'alex@example.com',
  phone: '+49 30 901820',
  phoneE164: '+4930901820',
  password: 'Diamond7',
  password_confirmation: 'Diamond7',
  city: 'Berlin',
  country: 83,
};

export const languages: Schemas['Language'][] = [
  { id: 1, code: 'en', title: 'English', default: 1 },
  { id: 2, code: 'de', title: 'Deutsch', default: 0 },
  { id: 3, code: 'es', title: 'Español', default: 0 },
];

/**
 * The server's complete catalogues by language id (docs/architecture.md §4), here only for the strings the tests
 * read: English repeats the compiled defaults, so switching back from German restores them.
 */
export const localizations: Record<number, Record<string, string>> = {
  1: {
    'shell.nav.rules': 'Rules',
    'shell.nav.shop': 'SHOP',
    'shell.nav.signIn': 'SIGN IN',
    'shell.nav.signUp': 'SIGN UP',
    'shell.nav.myProfile': 'MY PROFILE',
    'shell.footer.main': 'Main',
    'notFound.title': 'Oops! Page Not Found',
  },
  2: {
    'shell.nav.rules': 'Regeln',
    'shell.nav.shop': 'SHOP',
    'shell.nav.signIn': 'ANMELDEN',
    'shell.nav.signUp': 'REGISTRIEREN',
    'shell.nav.myProfile': 'MEIN PROFIL',
    'shell.footer.main': 'Startseite',
    'notFound.title': 'Hoppla! Seite nicht gefunden',
  },
  3: {
    'shell.nav.rules': 'Reglas',
    'shell.nav.shop': 'TIENDA',
    'shell.nav.signIn': 'INICIAR SESIÓN',
    'shell.nav.signUp': 'REGISTRARSE',
    'shell.nav.myProfile': 'MI PERFIL',
    'shell.footer.main': 'Inicio',
    'notFound.title': '¡Vaya! Página no encontrada',
  },
};

export const currencies: Schemas['Currency'][] = [
  { code: 'EUR', value: 1, symbol: '€', default: 1 },
  { code: 'USD', value: 1.08, symbol: '$', default: 0 },
  { code: 'GBP', value: 0.85, symbol: '£', default: 0 },
  { code: 'JPY', value: 162.5, symbol: '¥', default: 0 },
  { code: 'KWD', value: 0.332, symbol: 'KD', default: 0 },
];

export const countries: Schemas['Country'][] = [
  { id: 14, title: 'Austria', iso: 'AT' },
  { id: 76, title: 'France', iso: 'FR' },
  { id: 83, title: 'Germany', iso: 'DE' },
  { id: 209, title: 'Spain', iso: 'ES' },
  { id: 235, title: 'United Kingdom', iso: 'GB' },
  { id: 236, title: 'United States', iso: 'US' },
];

export const staticPages: Schemas['StaticPage'][] = [
  {
    id: 1,
    slug: 'rules',
    title: 'Rules',
    content: '<p>Be kind, no griefing, no cheats.</p>',
    is_terms: 0,
    is_privacy: 0,
  },
  {
    id: 2,
    slug: 'faq',
    title: 'FAQ',
    content: '<p>How do I join? Copy the address and paste it in the multiplayer screen.</p>',
    is_terms: 0,
    is_privacy: 0,
  },
  {
    id: 3,
    slug: 'terms',
    title: 'Terms of Service',
    content: '<p>By using Blockfront you agree to these terms.</p>',
    is_terms: 1,
    is_privacy: 0,
  },
  {
    id: 4,
    slug: 'privacy',
    title: 'Privacy Policy',
    content: '<p>We keep only what we need to run your account.</p>',
    is_terms: 0,
    is_privacy: 1,
  },
  {
    id: 5,
    slug: 'cookie-policy',
    title: 'Cookie Policy',
    content: '<p>We use one cookie, <code>cookie_consent</code>, to remember your choice.</p>',
    is_terms: 0,
    is_privacy: 0,
  },
];

export const staticPageSummaries: Schemas['StaticPageSummary'][] = staticPages.map(
  ({ content: _content, ...summary }) => summary,
);

export const socialLinks: Schemas['SocialLink'][] = [
  { id: 1, title: 'Discord', link: 'https://discord.example/blockfront', img: '/images/social/discord.svg' },
  { id: 2, title: 'YouTube', link: 'https://youtube.example/@blockfront', img: '/images/social/youtube.svg' },
];

export const profile: Schemas['UserProfile'] = {
  id: 7,
  name: 'Alex',
  surname: 'Stone',
  email: 'alex.stone@example.com',
  phone: '+49 30 901820',
  phoneE164: '+4930901820',
  balance: 125050,
  avatarUrl: null,
  created_at: '2026-03-14T09:26:53.000Z',
  country: { id: 83, name: 'Germany', iso: 'DE' },
  city: 'Berlin',
  address: null,
  post_code: null,
  emailVerified: true,
  player: 'Steve',
  role: 'customer',
};

export const ironRank: Schemas['Product'] = {
  id: 1,
  slug: 'iron-rank',
  title: 'Iron Rank',
  description: 'A sturdy start: Iron rank with a grey name tag.',
  price: 49900,
  img_url: '/images/products/iron-rank.svg',
  category: 'ranks',
  max_per_order: null,
  max_per_customer: null,
  compare_at_price: null,
};

export const products: Schemas['Product'][] = [
  ironRank,
  {
    id: 4,
    slug: 'diamond-rank',
    title: 'Diamond Rank',
    description: 'Permanent Diamond rank with /fly in the lobby and a sparkling name tag.',
    price: 249900,
    img_url: '/images/products/diamond-rank.svg',
    category: 'ranks',
    max_per_order: null,
    max_per_customer: null,
    compare_at_price: null,
  },
  {
    id: 7,
    slug: 'emerald-key',
    title: 'Emerald Crate Key',
    description: 'Opens one emerald crate.',
    price: 9900,
    img_url: '/images/products/emerald-key.svg',
    category: 'keys',
    max_per_order: null,
    max_per_customer: null,
    compare_at_price: null,
  },
];

/** The shop's categories as GET /products/categories answers them for `products`. */
export const productCategories: Schemas['ProductCategoryEntry'][] = [
  { slug: 'ranks', title: 'Ranks', count: 2 },
  { slug: 'keys', title: 'Crate keys', count: 1 },
];

/** A cart line for product `product` (defaults to the first demo product). */
export function cartLine(id: number, count = 1, product: Schemas['Product'] = ironRank): Schemas['CartItem'] {
  return {
    id,
    item_id: product.id,
    count,
    max_count: lineMaximum(product),
    item: {
      title: product.title,
      price: product.price,
      img_url: product.img_url,
      in_game: true,
      max_per_order: product.max_per_order,
      max_per_customer: product.max_per_customer,
    },
  };
}

/** A cart of `lines` distinct lines. */
export function cartOf(lines: number): Schemas['Cart'] {
  return Array.from({ length: lines }, (_, index) => cartLine(index + 1));
}

export const cart: Schemas['Cart'] = cartOf(2);

export const orders: Schemas['Order'][] = [
  {
    id: 31,
    created_at: '2026-04-02T10:15:00.000Z',
    status: 'paid',
    payment_method: 'balance',
    total: 249900,
    items: [{ product_id: 4, title: 'Diamond Rank', price: 249900, count: 1 }],
    delivery: { status: 'none' },
    payment_id: null,
    expires_at: null,
    can_pay: false,
    can_cancel: false,
    card: null,
  },
];
