/**
 * What each setting an operator sets may hold (docs/product.md §3): the server's check of a stored
 * or sent value (server/catalogue/settings.ts) and the console's settings form both use these.
 */
export const settingRules = {
  /** min_top_up, welcome_bonus_tokens: whole minor units, none negative. */
  minorUnits: (value: number): boolean => Number.isSafeInteger(value) && value >= 0,
  vatPercent: (value: number): boolean => Number.isFinite(value) && value >= 0 && value <= 100,
  /** points_conversion_rate: coins per unit of the default currency. */
  conversionRate: (value: number): boolean => Number.isFinite(value) && value > 0,
  /** The image tools' prices. */
  price: (value: number): boolean => Number.isFinite(value) && value >= 0,
  /** One of image_generation_sizes, e.g. '1024x1024'. */
  imageSize: (value: string): boolean => /^[0-9]+x[0-9]+$/.test(value),
  /** One of upscale_factors. */
  upscaleFactor: (value: number): boolean => Number.isInteger(value) && value >= 1,
  /** game_server.host, trimmed. */
  host: (value: string): boolean => value.length >= 1 && value.length <= 253,
  /** game_server.port; none is the game's default port. */
  port: (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= 65535,
  /** internal_currency.name, trimmed. */
  coinName: (value: string): boolean => value.length >= 1,
} as const;

/** The most top-up packs a store offers (docs/product.md §3 top_up_presets). */
export const TOP_UP_PRESETS_MAX = 6;

/** Why a list of top-up packs is refused. */
export type TopUpPresetsProblem = 'tooMany' | 'notWhole' | 'belowMinimum' | 'duplicate';

/**
 * top_up_presets (docs/product.md §3): at most TOP_UP_PRESETS_MAX amounts, each a whole positive
 * number of minor units of the default currency, none below `minTopUp` (min_top_up, the same
 * units) and none twice. The first broken rule, or null.
 */
export function topUpPresetsProblem(
  presets: readonly number[],
  minTopUp: number,
): TopUpPresetsProblem | null {
  if (presets.length > TOP_UP_PRESETS_MAX) return 'tooMany';
  if (!presets.every((amount) => Number.isSafeInteger(amount) && amount > 0)) return 'notWhole';
  if (presets.some((amount) => amount < minTopUp)) return 'belowMinimum';
  if (new Set(presets).size !== presets.length) return 'duplicate';
  return null;
}

/** The packs as they are shown and stored: ascending. */
export const ascendingPresets = (presets: readonly number[]): number[] => [...presets].sort((a, b) => a - b);
