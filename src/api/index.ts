import type { components } from '../../domain/contract';

export type { components, paths } from '../../domain/contract';
export {
  type ApiClient,
  type ApiClientOptions,
  type ApiResult,
  CHECKOUT_OPERATION,
  CHECKOUT_TIMEOUT_MS,
  CURRENCY_STORAGE_KEY,
  call,
  createApiClient,
  DEFAULT_API_BASE,
  LANGUAGE_STORAGE_KEY,
  REQUEST_TIMEOUT_MS,
  resolveBaseUrl,
  TOKEN_STORAGE_KEY,
  unwrap,
} from './client';
export {
  ApiError,
  type ApiErrorKind,
  type FieldErrors,
  isApiError,
  UNVERIFIED_EMAIL_MESSAGE,
} from './errors';
export type { ApiHookEvent, ApiHookListener } from './middleware/incoming';

/** The contract's data shapes, e.g. `Schemas['UserProfile']`. */
export type Schemas = components['schemas'];
