/** How the browser suite and the Lighthouse script start Debian's Chromium: headless, quiet, no sandbox (root in CI). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
