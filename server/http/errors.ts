import type { ErrorCode, FieldErrors } from './api-error';

/**
 * An error a handler throws to answer with an `ApiError` body: `throw new HttpError(404, 'Not
 * found.')`. The message is sent as it is, so translate it first (`t(request.locale, …)`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
    /** The contract's `ErrorCode`, where a client acts on the reason. */
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 422 with field errors; the message repeats the first one, as the contract says. */
export function fieldErrors(errors: FieldErrors, code?: ErrorCode): HttpError {
  const first = Object.values(errors).find((messages) => messages.length > 0)?.[0];
  if (first === undefined) throw new Error('fieldErrors needs at least one message');
  return new HttpError(422, first, errors, {}, code);
}
