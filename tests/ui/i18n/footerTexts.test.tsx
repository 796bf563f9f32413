import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, fixtures, ok, renderApp } from '../support';

/** docs/decisions/0019: the server answers the settings' footer texts in the language of lang_id. */
const byLanguage: Record<string, { copyright: string; company_address: string }> = {
  '1': { copyright: 'Blockfront Network. Not affiliated with Mojang.', company_address: 'Berlin, Germany' },
  '2': {
    copyright: 'Blockfront Network. Nicht mit Mojang verbunden.',
    company_address: 'Berlin, Deutschland',
  },
};
const settingsByLanguage = http.get(api('/settings'), ({ request }) => {
  const langId = new URL(request.url).searchParams.get('lang_id') ?? '1';
  return ok({ ...fixtures.settings, company_name: 'Blockfront Network Ltd', ...byLanguage[langId] });
});

describe("the footer's server texts follow the language", () => {
  it('starting in German, the footer shows the German company address and not-affiliated line', async () => {
    const view = renderApp({ storage: { languageId: '2' }, handlers: [settingsByLanguage] });
    await view.ready();
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('Berlin, Deutschland');
    expect(footer).toHaveTextContent('Blockfront Network. Nicht mit Mojang verbunden.');
    expect(footer).not.toHaveTextContent('Not affiliated');
  });

  it('switching to German asks for the settings again and shows their German texts', async () => {
    const view = renderApp({ handlers: [settingsByLanguage] });
    await view.ready();
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('Blockfront Network. Not affiliated with Mojang.');
    const banner = screen.getByRole('banner');
    await view.user.selectOptions(within(banner).getByRole('combobox', { name: 'Language' }), 'Deutsch');
    expect(await within(footer).findByText('Berlin, Deutschland')).toBeInTheDocument();
    expect(footer).toHaveTextContent('Blockfront Network. Nicht mit Mojang verbunden.');
  });
});
