import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../domain/settings';
import { storedSettings } from '../../support/operatorContentPaths';
import { manyCustomers } from '../../support/operatorPaths';
import { api, failure, fixtures, ok, renderApp, SIGNED_IN } from '../support';

const access = http.get(api('/operator/customers'), () => ok(manyCustomers(1)));

/** The operator's settings API: GET with its ETag, PATCH recording each body and If-Match. */
function settingsApi(patch: (body: Record<string, unknown>, nth: number) => Response) {
  const saves: { body: Record<string, unknown>; ifMatch: string | null }[] = [];
  const handlers = [
    http.get(api('/operator/settings'), () =>
      HttpResponse.json({ status: 'OK', payload: storedSettings() }, { headers: { ETag: '"v1"' } }),
    ),
    http.patch(api('/operator/settings'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saves.push({ body, ifMatch: request.headers.get('If-Match') });
      return patch(body, saves.length);
    }),
  ];
  return { handlers, saves };
}

const savedAs = (settings: Settings, etag: string) =>
  HttpResponse.json({ status: 'OK', payload: settings }, { headers: { ETag: etag } });

async function openSettings(handlers: ReturnType<typeof settingsApi>['handlers'], extra = [access]) {
  const view = renderApp({
    path: '/operator/settings',
    storage: SIGNED_IN,
    handlers: [...extra, ...handlers],
  });
  await view.ready();
  await screen.findByRole('button', { name: 'Save settings' });
  return view;
}

describe('the settings (/operator/settings)', () => {
  it('shows every setting as stored; checks the rules at the field before sending', async () => {
    const settings = settingsApi(() => failure(500, 'not expected'));
    const view = await openSettings(settings.handlers);
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('textbox', { name: 'Support email' })).toHaveValue('support@blockfront.example');
    expect(screen.getByRole('textbox', { name: 'Minimum top-up (EUR)' })).toHaveValue('5.00');
    expect(screen.getByRole('textbox', { name: 'Welcome bonus (coins)' })).toHaveValue('50.00');
    expect(screen.getByRole('textbox', { name: 'VAT rate (%)' })).toHaveValue('19');
    expect(screen.getByRole('textbox', { name: 'Game server address' })).toHaveValue(
      'play.blockfront.example',
    );
    expect(screen.getByRole('checkbox', { name: 'Card' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New customers may sign up' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Coin name' })).toHaveValue('Coins');
    const packs = screen.getByRole('textbox', { name: 'Top-up packs (EUR)' });
    expect(packs).toHaveValue('5.00, 10.00, 25.00, 50.00');

    // A pack below the minimum top-up is caught here, at its field.
    await view.user.clear(packs);
    await view.user.type(packs, '4, 10');
    await view.user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(packs).toHaveAccessibleDescription(expect.stringContaining('each at least the minimum top-up'));
    await view.user.clear(packs);
    await view.user.type(packs, '5, 10');

    const vat = screen.getByRole('textbox', { name: 'VAT rate (%)' });
    await view.user.clear(vat);
    await view.user.type(vat, '120');
    await view.user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a percentage from 0 to 100')).toBeInTheDocument();
    await waitFor(() => expect(vat).toHaveFocus());
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(settings.saves).toHaveLength(0);
  });

  it("sends what changed with If-Match; the API's 422 shows at the field with nothing typed lost; saved, the store reads its settings again", async () => {
    let publicReads = 0;
    const publicSettings = http.get(api('/settings'), () => {
      publicReads += 1;
      return ok({ ...fixtures.settings, vat_percent: publicReads > 1 ? 7 : 19 });
    });
    const settings = settingsApi((_, nth) =>
      nth === 1
        ? failure(422, 'Not a valid value for this setting.', {
            vat_percent: ['Not a valid value for this setting.'],
          })
        : savedAs(storedSettings({ vat_percent: 7, payment_methods: ['balance'] }), '"v2"'),
    );
    const view = await openSettings(settings.handlers, [access, publicSettings]);
    const reads = publicReads;
    const vat = screen.getByRole('textbox', { name: 'VAT rate (%)' });
    await view.user.clear(vat);
    await view.user.type(vat, '7');
    await view.user.click(screen.getByRole('checkbox', { name: 'Card' }));
    await view.user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Not a valid value for this setting.')).toBeInTheDocument();
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(vat).toHaveValue('7');
    expect(screen.getByRole('checkbox', { name: 'Card' })).not.toBeChecked();
    expect(settings.saves[0]).toEqual({
      ifMatch: '"v1"',
      body: { vat_percent: 7, payment_methods: ['balance'] },
    });

    await view.user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    expect(vat).not.toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(publicReads).toBe(reads + 1));
  });

  it('a save made meanwhile (412): says so, and loads theirs under the changes typed here', async () => {
    let version = 1;
    const handlers = [
      http.get(api('/operator/settings'), () =>
        savedAs(storedSettings(version === 1 ? {} : { company_name: 'Other GmbH' }), `"v${version}"`),
      ),
      http.patch(api('/operator/settings'), ({ request }) => {
        if (request.headers.get('If-Match') === '"v2"')
          return savedAs(storedSettings({ vat_percent: 7 }), '"v3"');
        version = 2;
        return failure(412, 'These settings were changed meanwhile. Reload them and save again.');
      }),
    ];
    const view = await openSettings(handlers);
    const vat = screen.getByRole('textbox', { name: 'VAT rate (%)' });
    await view.user.clear(vat);
    await view.user.type(vat, '7');
    await view.user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('These settings were changed meanwhile. Reload them and save again.'),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Load their changes, keep mine' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Other GmbH'),
    );
    expect(vat).toHaveValue('7');
    expect(screen.queryByRole('button', { name: 'Load their changes, keep mine' })).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
  });
});
