import type { components } from '../src/api/schema';
import type { Text } from './text';

/**
 * The contract's shapes (openapi.yaml → src/api/schema.d.ts) under the names SPEC §3 uses. Money is
 * integer minor units throughout: coins (balance, prices) have 2 decimals.
 */
type Schemas = components['schemas'];

export type UserProfile = Schemas['UserProfile'];
/** The country inside a profile: {id, name, iso}. */
export type ProfileCountry = Schemas['ProfileCountry'];
/** An entry of the country list: {id, title, iso}. */
export type Country = Schemas['Country'];
export type Language = Schemas['Language'];
/** `value` is units of this currency per 1 unit of the default currency; `default` 1 marks the default. */
export type Currency = Schemas['Currency'];
export type CartItem = Schemas['CartItem'];
export type SocialLink = Schemas['SocialLink'];
/** A static page as listed (no content); `is_terms` / `is_privacy` are 1 for those pages. */
export type StaticPageSummary = Schemas['StaticPageSummary'];
/** One static page with its sanitized HTML content. */
export type StaticPage = Schemas['StaticPage'];
export type Settings = Schemas['Settings'];
export type ProfileUpdate = Omit<Schemas['ProfileUpdateRequest'], 'lang_id' | 'currency'>;

/** What is kept in browser storage for the chosen currency (SPEC §3). */
export interface StoredCurrency {
  code: string;
  symbol: string;
}

/** Settings as a server might send them: any field may be missing. */
export type RawSettings = {
  [K in keyof Settings]?: Settings[K] | null;
};

/** SPEC §3 defaults for settings the server leaves out. */
export function withSettingsDefaults(raw: RawSettings): Settings {
  return {
    requisites: raw.requisites ?? null,
    support_email: raw.support_email ?? null,
    copyright: raw.copyright ?? null,
    company_name: raw.company_name ?? null,
    company_reg_number: raw.company_reg_number ?? null,
    company_address: raw.company_address ?? null,
    is_reg_enabled: raw.is_reg_enabled ?? false,
    min_top_up: raw.min_top_up ?? 0,
    vat_percent: raw.vat_percent ?? 0,
    payment_methods: raw.payment_methods ?? [],
    welcome_bonus_tokens: raw.welcome_bonus_tokens ?? 0,
    points_conversion_rate: raw.points_conversion_rate ?? 1,
    image_generation_price: raw.image_generation_price ?? 1,
    background_removal_price: raw.background_removal_price ?? 1,
    upscale_price: raw.upscale_price ?? 1,
    image_generation_sizes: raw.image_generation_sizes ?? ['1024x1024', '1536x1024', '1024x1536'],
    upscale_factors: raw.upscale_factors ?? [2, 4],
    google_tag: raw.google_tag ?? null,
    game_server: raw.game_server ?? null,
    internal_currency: { name: raw.internal_currency?.name || 'Coins' },
  };
}

/** The operator block of the footer: shown only when both the name and the address are known (SPEC §2). */
export function operatorCompany(settings: Settings | null): { name: string; address: string } | null {
  if (!settings?.company_name || !settings.company_address) return null;
  return { name: settings.company_name, address: settings.company_address };
}

export type ApiFailureKind =
  | 'bad-request'
  | 'unauthorized'
  | 'unverified'
  | 'forbidden'
  | 'validation'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'cancelled'
  | 'timeout'
  | 'not-found'
  | 'conflict';

/** The typed error every provided actor throws; src/api/errors.ts `ApiError` has this shape. */
export interface ApiFailure {
  kind: ApiFailureKind;
  message: string;
  /** The server's own message, already in the customer's language; absent for the client's texts. */
  serverMessage?: string;
  status?: number;
  fieldErrors?: Record<string, string[]>;
}

const failureKinds: ReadonlySet<string> = new Set<ApiFailureKind>([
  'bad-request',
  'unauthorized',
  'unverified',
  'forbidden',
  'validation',
  'rate-limited',
  'server',
  'network',
  'cancelled',
  'timeout',
  'not-found',
  'conflict',
]);

export function isApiFailure(value: unknown): value is ApiFailure {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message } = value as { kind?: unknown; message?: unknown };
  return typeof kind === 'string' && failureKinds.has(kind) && typeof message === 'string';
}

export function failureKind(error: unknown): ApiFailureKind | null {
  return isApiFailure(error) ? error.kind : null;
}

/** A request the caller cancelled is never shown to the user (SPEC §8). */
export function isSilentFailure(error: unknown): boolean {
  return failureKind(error) === 'cancelled';
}

/** Events the machines emit outward (`actor.on(type, …)`); see each machine's description. */
export type NoticeKind = 'success' | 'error' | 'info';
export interface NotifyEmitted {
  type: 'notify';
  kind: NoticeKind;
  text: Text;
}
