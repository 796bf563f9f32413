import { vi } from 'vitest';

/** jsdom lacks these; the harness installs them before each app render. */

export interface ClipboardStub {
  writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
  readText: ReturnType<typeof vi.fn<() => Promise<string>>>;
}

export function stubScrollTo() {
  const scrollTo = vi.fn();
  Object.defineProperty(window, 'scrollTo', { value: scrollTo, configurable: true, writable: true });
  return scrollTo;
}

/** Answers `(min-width: Npx)` / `(max-width: Npx)` queries from `window.innerWidth`. */
export function stubMatchMedia() {
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      media: query,
      matches: matches(query),
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

/** Replaces navigator.clipboard (call after `userEvent.setup()`, which installs its own). */
export function stubClipboard(): ClipboardStub {
  const clipboard: ClipboardStub = {
    writeText: vi.fn(async (_text: string) => {}),
    readText: vi.fn(async () => ''),
  };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return clipboard;
}

/** Sets the viewport width and fires `resize`, as a browser would. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  window.dispatchEvent(new Event('resize'));
}

export function clearCookies(): void {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}
