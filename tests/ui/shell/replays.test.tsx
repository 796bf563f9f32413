import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { cookieConsentMachine } from '../../../machines/cookieConsent';
import { mobileMenuMachine } from '../../../machines/mobileMenu';
import { type MachinePath, pathPlan } from '../../support/paths';
import { mobileMenuPlan } from '../../support/shellPaths';
import { type RenderedApp, renderApp, SIGNED_IN, setViewportWidth } from '../support';

/**
 * docs/architecture.md §5: the paths generated from the shell's machines, replayed on the rendered app. Each step is
 * done as a customer does it, and the screen must then show the state the path reaches.
 */

const stateOf = (step: { state: string }): string => (JSON.parse(step.state) as { value: string }).value;

const cookiePaths = pathPlan(cookieConsentMachine, {
  events: [{ type: 'ACCEPT' }, { type: 'DECLINE' }],
  inputs: [{}, { stored: 'true' }, { stored: 'false' }],
}).paths;

const consentBanner = () => screen.queryByRole('region', { name: 'Cookie consent' });

describe('cookieConsent paths on the cookie banner', () => {
  it.each(cookiePaths.map((path) => [path.name, path] as const))('%s', async (_, path: MachinePath) => {
    const stored = (path.input as { stored?: string }).stored;
    const view = renderApp({ cookies: stored === undefined ? '' : `cookie_consent=${stored}` });
    await view.ready();
    await screen.findByRole('banner');
    for (const step of path.steps) {
      const event = step.event as EventObject;
      if (event.type === 'ACCEPT' || event.type === 'DECLINE') {
        const label = event.type === 'ACCEPT' ? 'Accept' : 'Decline';
        await view.user.click(within(consentBanner() as HTMLElement).getByRole('button', { name: label }));
      }
      const visible = stateOf(step) === 'pending';
      await waitFor(() =>
        visible
          ? expect(consentBanner()).toBeInTheDocument()
          : expect(consentBanner()).not.toBeInTheDocument(),
      );
    }
  });
});

const menuPaths = pathPlan(mobileMenuMachine, mobileMenuPlan).paths;

const menuDialog = () => screen.queryByRole('dialog', { name: 'Menu' });

/** What a customer does for each event (the header button opens; TOGGLE has no control of its own). */
async function perform(view: RenderedApp, event: EventObject, open: boolean): Promise<void> {
  const dialog = () => menuDialog() as HTMLElement;
  switch (event.type) {
    case 'OPEN':
    case 'TOGGLE':
      if (!open) return view.user.click(screen.getByRole('button', { name: 'Open menu' }));
      return view.user.click(within(dialog()).getByRole('button', { name: 'Close menu' }));
    case 'CLOSE':
      return view.user.click(within(dialog()).getByRole('button', { name: 'Close menu' }));
    case 'KEY_ESCAPE':
      return view.user.keyboard('{Escape}');
    case 'LINK_CLICKED':
      return view.user.click(within(dialog()).getByRole('link', { name: 'Home' }));
    case 'LOGOUT':
      return view.user.click(within(dialog()).getByRole('button', { name: 'Logout' }));
    case 'VIEWPORT_RESIZED':
      act(() => setViewportWidth((event as EventObject & { width: number }).width));
      return;
    default:
      throw new Error(`No control sends ${event.type}`);
  }
}

describe('mobileMenu paths on the full-screen menu', () => {
  it.each(menuPaths.map((path) => [path.name, path] as const))('%s', async (_, path: MachinePath) => {
    setViewportWidth(375);
    const signedIn = path.steps.some((step) => (step.event as EventObject).type === 'LOGOUT');
    const view = renderApp({ storage: signedIn ? SIGNED_IN : {} });
    await view.ready();
    await screen.findByRole('button', { name: 'Open menu' });
    let open = false;
    for (const step of path.steps) {
      await perform(view, step.event as EventObject, open);
      open = stateOf(step) === 'open';
      await waitFor(() =>
        open ? expect(menuDialog()).toBeInTheDocument() : expect(menuDialog()).not.toBeInTheDocument(),
      );
      // A resize to desktop width hides the menu button; back to the phone for the next step.
      if (!open) act(() => setViewportWidth(375));
    }
    if (signedIn) await waitFor(() => expect(localStorage.getItem('auth_session')).toBeNull());
  });
});
