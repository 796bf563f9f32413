import type { preValidationAsyncHookHandler } from 'fastify';
import { t } from '../i18n/messages';
import { fieldErrors } from './errors';
import type { OperationInfo } from './openapi';

/**
 * Query strings are closed, as request bodies are: a parameter the operation does not declare in
 * openapi.yaml answers 422 with each such parameter named in `errors` (docs/decisions/0030).
 * Runs last before validation, so a bad session still answers 401 first; Fastify's own
 * validation cannot do it, since an operation without query parameters gets no query schema.
 */
export function queryGuard(operation: OperationInfo): preValidationAsyncHookHandler | undefined {
  if (operation.unknownQuery === 'ignore') return undefined;
  const declared = new Set(operation.queryParameters);
  return async (request) => {
    const query = request.query;
    if (query === null || typeof query !== 'object') return;
    const unknown = Object.keys(query).filter((name) => !declared.has(name));
    if (unknown.length === 0) return;
    // fromEntries, not assignment: a parameter may be named `__proto__`.
    throw fieldErrors(
      Object.fromEntries(
        unknown.map((name) => [name, [t(request.locale, 'request.unknownParameter', { field: name })]]),
      ),
    );
  };
}
