// The account page of docs/product.md §2 as a customer uses it: its tabs, the profile form, a top-up through
// the sandbox, the credential forms and the two Logout buttons. Amounts are read from the running
// server (settings, currencies, the balance shown), never assumed, so seed changes do not break it.
import type { Locator, Page } from 'playwright-core';
import { COIN_DECIMALS, coinsForAmount, decimalsFor, minimumTopUp, type Rate } from '../../../domain/money';
import { toDecimalString } from '../../../domain/money-text';
import { closeMobileMenu, header, isNarrow, openMobileMenu, seeText, waitForPath } from './storefront';

export const ACCOUNT_TABS = {
  profile: { name: 'Profile', path: '/account/profile' },
  balance: { name: 'Balance', path: '/account/balance' },
  orders: { name: 'Order history', path: '/account/order-history' },
  history: { name: 'Balance history', path: '/account/balance-history' },
  password: { name: 'Change password', path: '/account/change-password' },
  email: { name: 'Change email', path: '/account/change-email' },
  data: { name: 'Your data', path: '/account/your-data' },
} as const;
export type AccountTab = keyof typeof ACCOUNT_TABS;

/** The profile tab's labels of the personal fields, in their order, then the player name (ADR 0031). */
export const PROFILE_LABELS = [
  'First Name',
  'Last Name',
  'Email',
  'Phone Number',
  'Address',
  'City',
  'Country',
  'Zip Code',
  'Player name',
] as const;

export function accountMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Account', exact: true });
}

/** The open tab's section (each tab is a region named by its heading). */
export function tabSection(page: Page, tab: AccountTab): Locator {
  return page.getByRole('main').getByRole('region', { name: ACCOUNT_TABS[tab].name, exact: true });
}

/** Opens a tab from the account menu and waits for it to be the current one. */
export async function openTab(page: Page, tab: AccountTab): Promise<Locator> {
  const { name, path } = ACCOUNT_TABS[tab];
  const link = accountMenu(page).getByRole('link', { name, exact: true });
  await link.click();
  await waitForPath(page, path);
  await link.and(page.locator('[aria-current="page"]')).waitFor({ state: 'attached' });
  const section = tabSection(page, tab);
  await section.getByRole('heading', { level: 2, name, exact: true }).waitFor({ state: 'visible' });
  return section;
}

/** The value shown for a label of the profile's field list. */
export async function profileValue(page: Page, label: string): Promise<string> {
  const row = tabSection(page, 'profile').locator('.profile-fields__row', {
    has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }),
  });
  return ((await row.locator('dd').textContent()) ?? '').trim();
}

/** 'MMM D, YYYY' of a day in English, as the profile shows the join date. */
export function joinDate(day: Date): string {
  return new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' }).format(day);
}

/** The coins the balance tab shows, in minor units. */
export async function shownBalance(page: Page): Promise<number> {
  const value = tabSection(page, 'balance').locator('.account-balance .coin-amount__value');
  await value.waitFor({ state: 'visible' });
  return coinsMinorOf((await value.textContent()) ?? '');
}

/** '1,250.50' → 125050 (the English format of CoinAmount). */
export function coinsMinorOf(text: string): number {
  const match = /^(\d[\d,]*)\.(\d{2})$/.exec(text.trim());
  if (match === null) throw new Error(`'${text}' is not a coin amount`);
  return Number(`${(match[1] ?? '').replaceAll(',', '')}${match[2]}`);
}

/** CoinAmount's English text of minor units: 125050 → '1,250.50'. */
export function coinsText(minor: number): string {
  return new Intl.NumberFormat('en', {
    minimumFractionDigits: COIN_DECIMALS,
    maximumFractionDigits: COIN_DECIMALS,
  }).format(toDecimalString(minor, COIN_DECIMALS));
}

interface TopUpTerms {
  display: Rate;
  base: Rate;
  minTopUp: number;
  pointsRate: number;
  /** settings.top_up_presets: the packs, minor units of the default currency. */
  presets: number[];
}

/** The payload of a public GET of the API, with the page's cookies. */
export async function payloadOf<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()}`);
  return ((await response.json()) as { payload: T }).payload;
}

/** What a top-up in `code` is priced by, as the server publishes it (GET /api/settings, /api/currencies). */
export async function topUpTerms(page: Page, code: string): Promise<TopUpTerms> {
  const settings = await payloadOf<{
    min_top_up: number;
    points_conversion_rate: number;
    top_up_presets: number[];
  }>(page, '/api/settings');
  const currencies = await payloadOf<Array<Rate & { default: number }>>(page, '/api/currencies');
  const display = currencies.find((currency) => currency.code === code);
  const base = currencies.find((currency) => currency.default === 1);
  if (display === undefined || base === undefined) throw new Error(`no rate for ${code} or no default`);
  return {
    display,
    base,
    minTopUp: settings.min_top_up,
    pointsRate: settings.points_conversion_rate,
    presets: settings.top_up_presets,
  };
}

export interface PlannedTopUp {
  /** What the customer types, in the display currency ('10.00'). */
  typed: string;
  /** The coins it buys (minor units), by the domain's rule and the server's published terms. */
  coins: number;
  /** The place among the balance tab's packs of the pack of this amount, or -1 when none is. */
  pack: number;
}

/** Twice the minimum top-up of the display currency, and the coins it buys. */
export function plannedTopUp(terms: TopUpTerms): PlannedTopUp {
  const amount = 2 * minimumTopUp(terms.minTopUp, terms.base, terms.display);
  return {
    typed: toDecimalString(amount, decimalsFor(terms.display.code)),
    coins: coinsForAmount(amount, terms.base, terms.display, terms.pointsRate),
    // A pack is converted as the minimum is (machines/topUp.ts packsOf).
    pack: terms.presets.findIndex((preset) => minimumTopUp(preset, terms.base, terms.display) === amount),
  };
}

/** docs/product.md §8's notice for a confirmed top-up, as the storefront fills it in (the coins in English digits). */
export function toppedUpNotice(coinsMinor: number): string {
  const amount = new Intl.NumberFormat('en').format(Number(toDecimalString(coinsMinor, COIN_DECIMALS)));
  return `Successfully added ${amount} tokens to your balance!`;
}

export interface ShopProduct {
  id: number;
  title: string;
  /** Coins, minor units. */
  price: number;
}

/** The cheapest product of the shop (GET /api/products), whatever the seed prices are. */
export async function cheapestProduct(page: Page): Promise<ShopProduct> {
  const { items } = await payloadOf<{ items: ShopProduct[] }>(page, '/api/products?per_page=60');
  const [cheapest] = [...items].sort((a, b) => a.price - b.price);
  if (cheapest === undefined) throw new Error('the shop has no products');
  return cheapest;
}

/** The header's Logout: the main bar on wide screens, the full-screen menu on narrow ones. */
export async function logoutFromHeader(page: Page): Promise<void> {
  if (isNarrow(page)) {
    const menu = await openMobileMenu(page);
    await menu.getByRole('button', { name: 'Logout', exact: true }).click();
  } else {
    await header(page).getByRole('button', { name: 'Logout', exact: true }).click();
  }
  await loggedOut(page);
}

/** The account page's own Logout, below its tabs. */
export async function logoutFromAccountMenu(page: Page): Promise<void> {
  await accountMenu(page).getByRole('button', { name: 'Logout', exact: true }).click();
  await loggedOut(page);
}

async function loggedOut(page: Page): Promise<void> {
  await waitForPath(page, '/');
  await seeText(page, 'Logged out successfully');
  if (isNarrow(page) && (await page.getByRole('dialog', { name: 'Menu' }).isVisible())) {
    await closeMobileMenu(page);
  }
}
