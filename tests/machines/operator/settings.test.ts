import { describe, expect, it } from 'vitest';
import { settingsDefaults } from '../../../domain/settings';
import {
  changeOf,
  operatorSettingsMachine,
  settingsMessages,
  valuesOf,
} from '../../../machines/operator/settings';
import { failureMessages, withValues } from '../../../machines/text';
import {
  changedMeanwhile,
  invalidVat,
  settingsPlan,
  stored,
  storedSettings,
} from '../../support/operatorContentPaths';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { cancelled, run, serverError } from '../forms/support';

describePaths('operatorSettings paths', pathPlan(operatorSettingsMachine, settingsPlan));

const input = { currency: 'EUR' };
const loaded = [doneEvent('fetchSettings', stored())];
const presetRule = withValues(settingsMessages.presets, { decimals: 2, max: 6 });
const change = (field: string, value: string) => ({ type: 'CHANGE', field, value }) as const;

describe('operatorSettings', () => {
  it('loads the stored settings into the form, amounts in their decimals', () => {
    expect(run(operatorSettingsMachine, input, []).snapshot.value).toBe('loading');
    const shown = run(operatorSettingsMachine, input, loaded).snapshot;
    expect(shown.value).toBe('editing');
    expect(shown.context.etag).toBe('"v1"');
    expect(shown.context.values).toMatchObject({
      min_top_up: '5.00',
      top_up_presets: '5.00, 10.00, 25.00, 50.00',
      welcome_bonus_tokens: '50.00',
      vat_percent: '19',
      payment_methods: 'balance,card',
      is_reg_enabled: 'true',
      image_generation_sizes: '1024x1024, 1536x1024, 1024x1536',
      game_server_host: 'play.blockfront.example',
      game_server_port: '25565',
      coin_name: 'Coins',
    });
    expect(valuesOf(storedSettings(), 'JPY').min_top_up).toBe('500');
    expect(valuesOf(storedSettings({ top_up_presets: [] }), 'EUR').top_up_presets).toBe('');
  });

  it('sends only what changed, with the version it read', () => {
    const sending = run(operatorSettingsMachine, input, [
      ...loaded,
      change('vat_percent', '7,5'),
      change('min_top_up', '10'),
      // A pack below the new minimum would be refused: the packs change with it.
      change('top_up_presets', '25, 10.5, 10'),
      change('game_server_port', ''),
      change('payment_methods', 'card'),
      change('company_name', '  '),
      { type: 'SUBMIT' },
    ]);
    expect(sending.snapshot.value).toBe('saving');
    expect(sending.snapshot.context.etag).toBe('"v1"');
    expect(changeOf(sending.snapshot.context.values, storedSettings(), 'EUR')).toEqual({
      vat_percent: 7.5,
      min_top_up: 1000,
      top_up_presets: [2500, 1050, 1000],
      game_server: { host: 'play.blockfront.example', port: null },
      payment_methods: ['card'],
      company_name: null,
    });
    expect(changeOf(valuesOf(storedSettings(), 'EUR'), storedSettings(), 'EUR')).toEqual({});
  });

  it.each([
    ['support_email', 'not-an-email', settingsMessages.email],
    ['min_top_up', '5.001', withValues(settingsMessages.amount, { decimals: 2 })],
    ['top_up_presets', '5, ten', presetRule],
    ['top_up_presets', '5, 10.001', presetRule],
    ['top_up_presets', '5,5', presetRule],
    ['top_up_presets', '5, 5.00', presetRule],
    ['top_up_presets', '10, 4.99', presetRule],
    ['top_up_presets', '5, 6, 7, 8, 9, 10, 11', presetRule],
    ['vat_percent', '101', settingsMessages.percent],
    ['welcome_bonus_tokens', '-1', withValues(settingsMessages.amount, { decimals: 2 })],
    ['points_conversion_rate', '0', settingsMessages.positive],
    ['upscale_price', 'free', settingsMessages.price],
    ['image_generation_sizes', '1024x1024, big', settingsMessages.sizes],
    ['upscale_factors', '2, 0', settingsMessages.factors],
    ['game_server_host', 'a'.repeat(254), settingsMessages.host],
    ['game_server_port', '70000', settingsMessages.port],
    ['coin_name', '  ', settingsMessages.coinName],
  ] as const)('checks %s (%s) before sending, at the field', (field, value, message) => {
    const checked = run(operatorSettingsMachine, input, [
      ...loaded,
      change(field, value),
      { type: 'SUBMIT' },
    ]);
    expect(checked.snapshot.value).toBe('editing');
    expect(checked.snapshot.context.errors).toEqual({ [field]: message });
    expect(checked.snapshot.context.values[field]).toBe(value);
  });

  it('a port needs an address', () => {
    const checked = run(operatorSettingsMachine, input, [
      ...loaded,
      change('game_server_host', ''),
      { type: 'SUBMIT' },
    ]).snapshot;
    expect(checked.context.errors).toEqual({ game_server_port: settingsMessages.portWithoutHost });
    const none = run(operatorSettingsMachine, input, [
      ...loaded,
      change('game_server_host', ''),
      change('game_server_port', ''),
      { type: 'SUBMIT' },
    ]);
    expect(none.snapshot.value).toBe('saving');
    expect(changeOf(none.snapshot.context.values, storedSettings(), 'EUR')).toEqual({ game_server: null });
  });

  it('saved: the form shows the settings as stored now, at their new version, and the app reads them again', () => {
    const done = run(operatorSettingsMachine, input, [
      ...loaded,
      change('vat_percent', '7.0'),
      { type: 'SUBMIT' },
      doneEvent('saveSettings', stored({ vat_percent: 7 }, '"v2"')),
    ]);
    const saved = done.snapshot;
    expect(done.sent).toEqual([
      { to: 'toasts', event: expect.objectContaining({ type: 'SHOW' }) },
      { to: 'app', event: { type: 'SETTINGS.CHANGED' } },
    ]);
    expect(saved.value).toBe('editing');
    expect(saved.context.values.vat_percent).toBe('7');
    expect(saved.context.etag).toBe('"v2"');
  });

  it("shows the API's 422 at the field, keeping what was typed", () => {
    const refused = run(operatorSettingsMachine, input, [
      ...loaded,
      change('vat_percent', '7'),
      { type: 'SUBMIT' },
      errorEvent('saveSettings', invalidVat),
    ]).snapshot;
    expect(refused.value).toBe('editing');
    expect(refused.context.errors.vat_percent).toEqual({ verbatim: 'Not a valid value for this setting.' });
    expect(refused.context.values.vat_percent).toBe('7');
  });

  it("a 412 says so; RELOAD reads theirs and keeps this form's changes on top", () => {
    const steps = [
      ...loaded,
      change('vat_percent', '7'),
      { type: 'SUBMIT' },
      errorEvent('saveSettings', changedMeanwhile),
    ] as const;
    const stale = run(operatorSettingsMachine, input, steps).snapshot;
    expect(stale.value).toBe('editing');
    expect(stale.context.stale).toBe(true);
    expect(stale.context.formError).toEqual({ verbatim: changedMeanwhile.serverMessage });
    const merged = run(operatorSettingsMachine, input, [
      ...steps,
      { type: 'RELOAD' },
      doneEvent('refetchSettings', stored({ company_name: 'Other GmbH', vat_percent: 21 }, '"v3"')),
    ]).snapshot;
    expect(merged.value).toBe('editing');
    expect(merged.context.values.company_name).toBe('Other GmbH');
    expect(merged.context.values.vat_percent).toBe('7');
    expect(merged.context.etag).toBe('"v3"');
    expect(merged.context.stale).toBe(false);
    expect(merged.context.formError).toBeNull();
    // Without a 412 there is nothing to reload.
    expect(run(operatorSettingsMachine, input, [...loaded, { type: 'RELOAD' }]).snapshot.value).toBe(
      'editing',
    );
  });

  it.each([
    ['5xx', serverError, failureMessages.server],
    ['no message', new Error('boom'), settingsMessages.loadFailed],
  ])('a failed load (%s) shows its message; RETRY loads again', (_, error, message) => {
    const failed = run(operatorSettingsMachine, input, [errorEvent('fetchSettings', error)]).snapshot;
    expect(failed.value).toBe('loadFailed');
    expect(failed.context.loadError).toEqual(message);
    expect(
      run(operatorSettingsMachine, input, [errorEvent('fetchSettings', error), { type: 'RETRY' }]).snapshot
        .value,
    ).toBe('loading');
    expect(
      run(operatorSettingsMachine, input, [errorEvent('fetchSettings', cancelled)]).snapshot.context
        .loadError,
    ).toBeNull();
  });

  it("a failed save without the server's words says 'The settings could not be saved.'", () => {
    const failed = run(operatorSettingsMachine, input, [
      ...loaded,
      { type: 'SUBMIT' },
      errorEvent('saveSettings', new Error('boom')),
    ]).snapshot;
    expect(failed.context.formError).toEqual(settingsMessages.failed);
    expect(settingsDefaults().payment_methods).toEqual(['balance', 'card']);
  });
});
