import { describe, expect, it } from 'vitest';
import { operatorCompany, settingsDefaults, withSettingsDefaults } from '../../domain/settings';
import { ascendingPresets, TOP_UP_PRESETS_MAX, topUpPresetsProblem } from '../../domain/settings-rules';
import { settingsFromRows } from '../../server/catalogue/settings';
import { openapi } from '../support/openapi';

describe('settings defaults (docs/product.md §3)', () => {
  const contract = openapi.components.schemas.Settings as {
    required: string[];
    properties: Record<string, { default?: unknown }>;
  };

  it('fills in every default the server leaves out', () => {
    const filled = withSettingsDefaults({});
    expect(filled).toEqual(settingsDefaults());
    expect(Object.keys(filled).sort()).toEqual([...contract.required].sort());
    // The contract states no default for exactly these (the rest: "are the contract's stated defaults" below).
    const unstated = { min_top_up: 0, game_server: null, internal_currency: { name: 'Coins' } };
    expect(
      contract.required.filter((key) => !('default' in (contract.properties[key] ?? {}))).sort(),
    ).toEqual(Object.keys(unstated).sort());
    const { min_top_up, game_server, internal_currency } = filled;
    expect({ min_top_up, game_server, internal_currency }).toEqual(unstated);
  });

  it('keeps what the server sends, including false and 0, and defaults null and a blank coin name', () => {
    const sent = {
      is_reg_enabled: true,
      vat_percent: 19,
      points_conversion_rate: 100,
      upscale_factors: [2],
      internal_currency: { name: 'Gems' },
      game_server: { host: 'play.example', port: 25565 },
      image_generation_price: 0,
      payment_methods: [],
    };
    expect(withSettingsDefaults(sent)).toMatchObject(sent);
    expect(withSettingsDefaults({ company_name: null, vat_percent: null })).toMatchObject({
      company_name: null,
      vat_percent: 0,
    });
    expect(withSettingsDefaults({ internal_currency: { name: '' } }).internal_currency).toEqual({
      name: 'Coins',
    });
  });

  it('drops fields the contract does not know', () => {
    const raw = { vat_percent: 7, extra: 'x' } as Parameters<typeof withSettingsDefaults>[0];
    expect(withSettingsDefaults(raw)).not.toHaveProperty('extra');
  });

  it('hands out a fresh copy, so a caller cannot change the defaults', () => {
    settingsDefaults().payment_methods.pop();
    expect(settingsDefaults().payment_methods).toEqual(['balance', 'card']);
  });

  // The client used to default payment_methods to [] and the server to ['balance', 'card'].
  it('are the defaults the server answers for a store with no settings rows', () => {
    expect(settingsFromRows([])).toEqual(withSettingsDefaults({}));
    expect(withSettingsDefaults({}).payment_methods).toEqual(['balance', 'card']);
  });

  it("are the contract's stated defaults", () => {
    const defaults = settingsDefaults() as unknown as Record<string, unknown>;
    const stated = Object.entries(contract.properties).filter(([, schema]) => 'default' in schema);
    expect(stated.length).toBeGreaterThan(10);
    for (const [key, schema] of stated) expect([key, defaults[key]]).toEqual([key, schema.default]);
  });
});

describe('operatorCompany (docs/product.md §2 footer)', () => {
  const settings = withSettingsDefaults({
    company_name: 'Blockfront Ltd',
    company_address: 'Main St 1, Berlin',
  });

  it('is the name and the address when both exist', () => {
    expect(operatorCompany(settings)).toEqual({ name: 'Blockfront Ltd', address: 'Main St 1, Berlin' });
  });

  it.each([
    ['no name', { ...settings, company_name: null }],
    ['no address', { ...settings, company_address: '' }],
    ['no settings yet', null],
  ])('is absent with %s', (_, value) => {
    expect(operatorCompany(value)).toBeNull();
  });
});

describe('top_up_presets (docs/product.md §3): at most 6 whole amounts, none below min_top_up, none twice', () => {
  it.each([
    ['none', [], null],
    ['the demo packs', [500, 1000, 2500, 5000], null],
    ['at the minimum', [500], null],
    ['six', [500, 600, 700, 800, 900, 1000], null],
    ['seven', [500, 600, 700, 800, 900, 1000, 1100], 'tooMany'],
    ['a fraction', [500, 1000.5], 'notWhole'],
    ['zero', [0], 'notWhole'],
    ['a negative', [-500], 'notWhole'],
    ['below the minimum', [499, 1000], 'belowMinimum'],
    ['one twice', [1000, 500, 1000], 'duplicate'],
  ] as const)('%s', (_, presets, problem) => {
    expect(topUpPresetsProblem(presets, 500)).toBe(problem);
  });

  it('counts before anything else, and with no minimum any whole amount above 0 is one', () => {
    expect(TOP_UP_PRESETS_MAX).toBe(6);
    expect(topUpPresetsProblem([1, 1, 1, 1, 1, 1, 1], 0)).toBe('tooMany');
    expect(topUpPresetsProblem([1], 0)).toBeNull();
  });

  it('are shown and stored ascending; a stored list that breaks the rule is none (and reported)', () => {
    expect(ascendingPresets([2500, 500, 1000])).toEqual([500, 1000, 2500]);
    expect(settingsFromRows([{ key: 'top_up_presets', value: [2500, 500] }]).top_up_presets).toEqual([
      500, 2500,
    ]);
    const reported: string[] = [];
    const below = settingsFromRows(
      [
        { key: 'min_top_up', value: 1000 },
        { key: 'top_up_presets', value: [500, 2500] },
      ],
      (key) => reported.push(key),
    );
    expect(below.top_up_presets).toEqual([]);
    expect(reported).toEqual(['top_up_presets']);
  });
});
