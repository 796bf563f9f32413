// What a customer sees and does in the storefront, by accessible names and the texts of docs/product.md.
import type { Locator, Page } from 'playwright-core';

/** Below this width the header shows the menu button instead of its links (docs/product.md §2 "Shell"). */
const DESKTOP_MIN_WIDTH = 768;
/** The phone width of the narrow journey and screenshots. */
export const NARROW_WIDTH = 375;

export interface Customer {
  name: string;
  surname: string;
  email: string;
  /** The national number, as a customer types it after choosing the dial code. */
  phone: string;
  /** The same number as the phone input shows it once typed (docs/product.md §5: international, auto-formatted). */
  formattedPhone: string;
  /** The country as its name appears in the country select. */
  country: string;
  city: string;
  password: string;
}

export function isNarrow(page: Page): boolean {
  return (page.viewportSize()?.width ?? DESKTOP_MIN_WIDTH) < DESKTOP_MIN_WIDTH;
}

export function header(page: Page): Locator {
  return page.getByRole('banner');
}

/** Waits for a text that docs/product.md gives word for word (toasts, notices, headings). */
export async function seeText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

export async function seeHeading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ state: 'visible' });
}

/** Waits until the page's path (and, when given, search values) are the expected ones. */
export async function waitForPath(
  page: Page,
  path: string,
  search: Record<string, string> = {},
): Promise<void> {
  await page.waitForURL((url) => {
    if (url.pathname !== path) return false;
    return Object.entries(search).every(([key, value]) => url.searchParams.get(key) === value);
  });
  // After a page load the server's HTML is there before the app: what follows acts on the app.
  await appTookOver(page);
}

export function mobileMenu(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Menu' });
}

export async function openMobileMenu(page: Page): Promise<Locator> {
  await header(page).getByRole('button', { name: 'Open menu' }).click();
  const menu = mobileMenu(page);
  await menu.waitFor({ state: 'visible' });
  return menu;
}

export async function closeMobileMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await mobileMenu(page).waitFor({ state: 'hidden' });
}

/** Follows a header link: the main bar on wide screens, the full-screen menu on narrow ones. */
export async function navigate(page: Page, desktopName: string, mobileName = desktopName): Promise<void> {
  if (isNarrow(page)) {
    const menu = await openMobileMenu(page);
    await menu.getByRole('link', { name: mobileName, exact: true }).click();
    await menu.waitFor({ state: 'hidden' });
  } else {
    await header(page).getByRole('link', { name: desktopName, exact: true }).click();
  }
}

/**
 * docs/product.md §2 "Shell": SIGN IN and SIGN UP for a guest; once signed in, the balance, the cart link and
 * MY PROFILE in the main bar, or Balance, Cart, My Profile and Logout in the full-screen menu (the bar of a
 * narrow screen keeps the balance and the cart too).
 */
export async function expectHeader(page: Page, state: 'guest' | 'signedIn'): Promise<void> {
  const narrow = isNarrow(page);
  const scope = narrow ? await openMobileMenu(page) : header(page);
  const link = (name: string | RegExp) => scope.getByRole('link', { name, exact: true });
  // The balance link reads 'Balance' followed by the amount, the cart link 'Cart' followed by its count.
  const signedInLinks = [link(/^Balance\b/), link(/^Cart\b/), link(narrow ? 'My Profile' : 'MY PROFILE')];
  const guestLinks = [link('SIGN IN'), link('SIGN UP')];
  const [shown, gone] = state === 'signedIn' ? [signedInLinks, guestLinks] : [guestLinks, signedInLinks];
  for (const locator of shown) await locator.waitFor({ state: 'visible' });
  for (const locator of gone) await locator.waitFor({ state: 'detached' });
  if (narrow) {
    const logout = scope.getByRole('button', { name: 'Logout', exact: true });
    await logout.waitFor({ state: state === 'signedIn' ? 'visible' : 'detached' });
    await closeMobileMenu(page);
  }
}

/** Accepts cookies, so the banner (docs/product.md §2) stops covering the screens in later screenshots. */
/**
 * Loads an app page and waits until the app has taken over the server's HTML: a signed-in
 * visitor's page is rendered again over it, and a click on the server's button before that is
 * lost (a signed-out first screen holds it for the app instead: src/bootstrap/served-page.ts).
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await appTookOver(page);
}

/**
 * Whether React has taken over the page (ADR 0021), run in the page: the server's HTML is on
 * screen before the app's code has run. React marks an element it owns, hydrated or rendered,
 * with its fiber; the shell's is marked last.
 */
function reactOwnsShell(): boolean {
  const shell = document.getElementById('root')?.firstElementChild;
  return shell != null && Object.keys(shell).some((key) => key.startsWith('__reactFiber'));
}

export function hasTakenOver(page: Page): Promise<boolean> {
  return page.evaluate(reactOwnsShell);
}

/** Waits until React has taken over the page: a click or a choice on it before then is held or lost. */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(reactOwnsShell);
}

export async function acceptCookies(page: Page): Promise<void> {
  await appTookOver(page);
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Accept', exact: true }).click();
  await banner.waitFor({ state: 'detached' });
}

/**
 * The player a cart delivered in game is for (ADR 0031): typed into checkout's field. The demo
 * products all deliver in game.
 */
export async function namePlayer(page: Page, player = 'Steve'): Promise<void> {
  await page.getByRole('textbox', { name: 'Player name' }).fill(player);
}
