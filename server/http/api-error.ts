/** Request field → its messages, the first one shown (openapi.yaml `FieldErrors`). */
export type FieldErrors = Record<string, string[]>;

/** The error body of every non-2xx JSON answer (openapi.yaml `ApiError` / `ValidationError`). */
export interface ApiErrorBody {
  status: 'ERROR';
  message: string;
  errors?: FieldErrors;
}

export function apiError(message: string, errors?: FieldErrors): ApiErrorBody {
  return errors === undefined ? { status: 'ERROR', message } : { status: 'ERROR', message, errors };
}
