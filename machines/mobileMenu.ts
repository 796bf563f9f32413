import { sendTo, setup } from 'xstate';

/** docs/product.md §9: the full-screen menu closes when the viewport is at least this wide. */
export const DESKTOP_MIN_WIDTH = 768;

export type MobileMenuEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'TOGGLE' }
  | { type: 'KEY_ESCAPE' }
  | { type: 'LINK_CLICKED' }
  | { type: 'LOGOUT' }
  | { type: 'VIEWPORT_RESIZED'; width: number };

export const mobileMenuMachine = setup({
  types: { events: {} as MobileMenuEvent },
  actions: {
    logout: sendTo(({ system }) => system.get('session'), { type: 'LOGOUT' }),
  },
  guards: {
    isDesktopWidth: ({ event }) => event.type === 'VIEWPORT_RESIZED' && event.width >= DESKTOP_MIN_WIDTH,
  },
}).createMachine({
  id: 'mobileMenu',
  description:
    'Full-screen menu of narrow screens: closes on Escape, on any link click and at 768 px or wider. ' +
    'LOGOUT closes it and sends LOGOUT to the session.',
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: 'open', TOGGLE: 'open' },
    },
    open: {
      on: {
        CLOSE: 'closed',
        TOGGLE: 'closed',
        KEY_ESCAPE: 'closed',
        LINK_CLICKED: 'closed',
        LOGOUT: { target: 'closed', actions: 'logout' },
        VIEWPORT_RESIZED: { guard: 'isDesktopWidth', target: 'closed' },
      },
    },
  },
});
