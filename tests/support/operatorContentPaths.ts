/**
 * The console's Overview and Settings machines: fixtures and path plans, shared by their path
 * suites (tests/machines/operator) and the screens' tests (tests/ui/operator).
 */

import type { Settings } from '../../domain/settings';
import type { Overview, operatorOverviewMachine } from '../../machines/operator/overview';
import type { operatorSettingsMachine, StoredSettings } from '../../machines/operator/settings';
import { settings } from './fixtures';
import { apiFailure, callOutcomes, cancelled, fieldRefused, serverError } from './formPaths';
import { doneEvent, errorEvent, type PlanOptions } from './paths';

/** `count` days up to 2026-11-26, oldest first; `fill` gives a day its figures. */
export function overviewDays(
  count: number,
  fill: (index: number) => Partial<Overview['days'][number]> = () => ({}),
): Overview['days'] {
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(Date.UTC(2026, 10, 26 - (count - 1 - index))).toISOString().slice(0, 10),
    orders_paid: 0,
    coins_spent: 0,
    card: [],
    ...fill(index),
  }));
}

export function overview(overrides: Partial<Overview> = {}): Overview {
  return {
    days: overviewDays(30, (index) =>
      index === 29
        ? { orders_paid: 3, coins_spent: 150000, card: [{ currency: 'EUR', amount: 2499 }] }
        : index === 27
          ? { orders_paid: 1, coins_spent: 5000, card: [{ currency: 'USD', amount: 1000 }] }
          : {},
    ),
    top_products: [
      { product_id: 1, title: 'VIP Rank', count: 2, coins: 100000 },
      { product_id: null, title: 'Old Kit', count: 1, coins: 5000 },
    ],
    attention: { failed_deliveries: 2, uncertain_deliveries: 0, pending_payments: 1, late_payments: 0 },
    ...overrides,
  };
}

export const overviewPlan: PlanOptions<typeof operatorOverviewMachine> = {
  events: [...callOutcomes('fetchOverview', [serverError], overview()), { type: 'RETRY' }],
  key: (snapshot) => ({
    value: snapshot.value,
    loaded: snapshot.context.overview !== null,
    error: snapshot.context.error !== null,
  }),
};

/** The settings an operator's API answers: the demo store of the UI fixtures (a fresh copy). */
export function storedSettings(overrides: Partial<Settings> = {}): Settings {
  return { ...structuredClone(settings), ...overrides };
}

export const stored = (overrides: Partial<Settings> = {}, etag = '"v1"'): StoredSettings => ({
  settings: storedSettings(overrides),
  etag,
});

/** The API's refusal of a value the setting's rule does not take, at the field. */
export const invalidVat = fieldRefused('vat_percent', 'Not a valid value for this setting.');
/** Somebody else saved in between. */
export const changedMeanwhile = apiFailure(
  'bad-request',
  'These settings were changed meanwhile. Reload them and save again.',
  { status: 412, serverMessage: 'These settings were changed meanwhile. Reload them and save again.' },
);

export const settingsPlan: PlanOptions<typeof operatorSettingsMachine> = {
  input: { currency: 'EUR' },
  events: [
    ...callOutcomes('fetchSettings', [serverError], stored()),
    { type: 'RETRY' },
    { type: 'CHANGE', field: 'vat_percent', value: '7' },
    { type: 'CHANGE', field: 'vat_percent', value: '101' },
    { type: 'SUBMIT' },
    ...callOutcomes('saveSettings', [invalidVat, changedMeanwhile], stored({ vat_percent: 7 }, '"v2"')),
    { type: 'RELOAD' },
    doneEvent('refetchSettings', stored({ company_name: 'Other GmbH' }, '"v3"')),
    errorEvent('refetchSettings', serverError),
    errorEvent('refetchSettings', cancelled),
  ],
  key: (snapshot) => ({
    value: snapshot.value,
    vat: snapshot.context.values.vat_percent,
    company: snapshot.context.values.company_name,
    etag: snapshot.context.etag,
    errors: Object.keys(snapshot.context.errors),
    formError: snapshot.context.formError !== null,
    loadError: snapshot.context.loadError !== null,
    stale: snapshot.context.stale,
  }),
};
