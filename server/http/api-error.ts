import type { components } from '../../domain/contract';

/** Why the server refused, for clients that act on it (openapi.yaml `ErrorCode`). */
export type ErrorCode = components['schemas']['ErrorCode'];

/** Request field → its messages, the first one shown (openapi.yaml `FieldErrors`). */
export type FieldErrors = Record<string, string[]>;

/** The error body of every non-2xx JSON answer (openapi.yaml `ApiError` / `ValidationError`). */
export interface ApiErrorBody {
  status: 'ERROR';
  message: string;
  errors?: FieldErrors;
  code?: ErrorCode;
}

export function apiError(message: string, errors?: FieldErrors, code?: ErrorCode): ApiErrorBody {
  return {
    status: 'ERROR',
    message,
    ...(errors === undefined ? {} : { errors }),
    ...(code === undefined ? {} : { code }),
  };
}
