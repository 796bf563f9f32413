import type { SnapshotFrom } from 'xstate';
import { FALLBACK_CURRENCY, type Rate } from '../domain/money';
import type { appMachine } from './app';
import type { ActorLookup } from './checkout';
import type { currencyMachine } from './currency';
import { type languageMachine, localeOf } from './language';

/**
 * What a top-up is priced by: the display currency chosen in the header, the store's default
 * currency (the one `min_top_up` is in), and the settings. The top-up machine (machines/topUp.ts) follows them.
 */
export interface TopUpTerms {
  currency: Rate & { symbol: string };
  base: Rate;
  /** settings.min_top_up: minor units of the default currency. */
  minTopUp: number;
  /** settings.top_up_presets: the packs offered, minor units of the default currency, ascending. */
  presets: readonly number[];
  vatPercent: number;
  /** settings.points_conversion_rate: coins per unit of the default currency. */
  pointsRate: number;
  /** The UI's locale: the amount is shown with its decimal separator. */
  locale: string;
}

/** The terms as the app's currency actor and settings (systemIds 'currency', 'app') hold them now. */
export function topUpTermsOf(system: ActorLookup, known?: TopUpTerms): TopUpTerms {
  const currency = system.get('currency')?.getSnapshot() as SnapshotFrom<typeof currencyMachine> | undefined;
  const app = system.get('app')?.getSnapshot() as SnapshotFrom<typeof appMachine> | undefined;
  const language = system.get('language')?.getSnapshot() as SnapshotFrom<typeof languageMachine> | undefined;
  const settings = app?.context?.settings;
  const current = currency?.context?.current ?? known?.currency ?? FALLBACK_CURRENCY;
  return {
    currency: { code: current.code, value: current.value, symbol: current.symbol },
    base: currency?.context?.currencies.find((c) => c.default === 1) ?? known?.base ?? FALLBACK_CURRENCY,
    minTopUp: settings?.min_top_up ?? known?.minTopUp ?? 0,
    presets: settings?.top_up_presets ?? known?.presets ?? [],
    vatPercent: settings?.vat_percent ?? known?.vatPercent ?? 0,
    pointsRate: settings?.points_conversion_rate ?? known?.pointsRate ?? 1,
    locale: language?.context ? localeOf(language.context) : (known?.locale ?? 'en'),
  };
}

export const sameTerms = (a: TopUpTerms, b: TopUpTerms): boolean => JSON.stringify(a) === JSON.stringify(b);
