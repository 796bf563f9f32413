import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, fixtures, ok, renderApp, SIGNED_IN } from '../support';
import { chooseCurrency } from './steps';

describe('language switch (docs/product.md §4 "Language")', () => {
  it("shows the server's German translations, stores the languageId and sets the page language", async () => {
    const view = renderApp();
    await view.ready();
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Rules' })).toBeInTheDocument();

    await view.user.selectOptions(within(banner).getByRole('combobox', { name: 'Language' }), 'Deutsch');

    expect(await within(banner).findByRole('link', { name: 'Regeln' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'ANMELDEN' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Startseite' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('languageId')).toBe('2');
    expect(document.documentElement.lang).toBe('de');
  });

  it("reads the shop's products and categories again in the chosen language", async () => {
    const german = (request: Request) => new URL(request.url).searchParams.get('lang_id') === '2';
    const view = renderApp({
      path: '/shop',
      handlers: [
        http.get(api('/products'), ({ request }) =>
          ok({
            items: [
              {
                ...(fixtures.products[0] as (typeof fixtures.products)[number]),
                title: german(request) ? 'VIP-Rang' : 'VIP Rank',
              },
            ],
            page: 1,
            per_page: 8,
            total: 1,
            total_pages: 1,
          }),
        ),
        http.get(api('/products/categories'), ({ request }) =>
          ok([{ slug: 'ranks', title: german(request) ? 'Ränge' : 'Ranks', count: 1 }]),
        ),
      ],
    });
    await view.ready();
    expect(await screen.findByRole('heading', { name: 'VIP Rank' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    await view.user.selectOptions(within(banner).getByRole('combobox', { name: 'Language' }), 'Deutsch');
    expect(await screen.findByRole('heading', { name: 'VIP-Rang' })).toBeInTheDocument();
    expect(await screen.findByText('Ränge')).toBeInTheDocument();
  });

  it('starts in the stored language', async () => {
    const view = renderApp({ storage: { languageId: '3' } });
    await view.ready();
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Reglas' })).toBeInTheDocument();
    expect(within(banner).getByRole('combobox', { name: 'Language' })).toHaveValue('3');
  });

  it('hides the switch with a single language', async () => {
    const view = renderApp({
      handlers: [http.get(api('/languages'), () => ok(fixtures.languages.slice(0, 1)))],
    });
    await view.ready();
    const banner = await screen.findByRole('banner');
    expect(within(banner).queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
  });
});

describe('currency switch (docs/product.md §2, §4 "Currency")', () => {
  it('hides the selector when only one currency is available', async () => {
    const view = renderApp({
      handlers: [http.get(api('/currencies'), () => ok(fixtures.currencies.slice(0, 1)))],
    });
    await view.ready();
    const banner = await screen.findByRole('banner');
    expect(within(banner).queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
  });

  it('choosing USD stores its code and symbol and reloads the profile', async () => {
    let profileCalls = 0;
    const view = renderApp({
      storage: SIGNED_IN,
      handlers: [
        http.get(api('/user/profile'), () => {
          profileCalls += 1;
          return ok(fixtures.profile);
        }),
      ],
    });
    await view.ready();
    await screen.findByRole('link', { name: /Balance/ });
    expect(localStorage.getItem('currency_code')).toBe('EUR');
    const before = profileCalls;

    await chooseCurrency(view, 'USD $');

    expect(localStorage.getItem('currency_code')).toBe('USD');
    expect(localStorage.getItem('currency_symbol')).toBe('$');
    await waitFor(() => expect(profileCalls).toBe(before + 1));
    expect(within(screen.getByRole('banner')).getByRole('combobox', { name: 'Currency' })).toHaveValue(
      'USD $',
    );
  });
});
