import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pageTitle } from '../../../src/features/shell/usePageTitle';
import { renderApp } from '../support';

afterEach(() => {
  document.title = 'Blockfront';
});

describe('page titles (docs/decisions/0013)', () => {
  it("joins the page's heading and the site name", () => {
    expect(pageTitle('  Sign\n In ')).toBe('Sign In · Blockfront');
    expect(pageTitle('')).toBe('Blockfront');
    expect(pageTitle(undefined)).toBe('Blockfront');
  });

  it("follows each route's heading and announces it after a navigation", async () => {
    const view = renderApp({ path: '/login' });
    await view.ready();
    await waitFor(() => expect(document.title).toBe('Sign In · Blockfront'));
    expect(screen.queryByText('Sign In · Blockfront')).not.toBeInTheDocument();

    await view.router.navigate({ to: '/register' });
    await waitFor(() => expect(document.title).toBe('Sign Up · Blockfront'));
    const announcement = await screen.findByText('Sign Up · Blockfront');
    expect(announcement).toHaveAttribute('aria-live', 'polite');
  });

  it('is in the current language', async () => {
    const view = renderApp({ path: '/no-such-page', storage: { languageId: '2' } });
    await view.ready();
    await waitFor(() => expect(document.title).toBe('Hoppla! Seite nicht gefunden · Blockfront'));
  });
});
