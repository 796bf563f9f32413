import { fromPromise, type NonReducibleUnknown } from 'xstate';
import type { GameServerEntry } from '../../../../machines/operator/gameServers';
import type { Filters, ListPage, ListQuery } from '../../../../machines/operator/searchList';
import { type ApiClient, type ApiResult, call } from '../../../api';

/**
 * What the console's screen modules share (src/bootstrap/screens/operator/*.ts, one module per
 * group of screens a route starts, so a console route loads only its own: docs/architecture.md §6).
 */

/** The payload of a call's answer, e.g. `payloadOf(api.GET('/operator/products', { signal }))`. */
export async function payloadOf<T>(pending: Promise<ApiResult<{ payload: T }>>): Promise<T> {
  return (await call(pending)).payload;
}

/**
 * A screen's actor whose answer is one call's payload, e.g.
 * `fetchPages: answering((_, signal) => api.GET('/operator/pages', { signal }))`.
 */
export const answering = <T, I = NonReducibleUnknown>(
  ask: (input: I, signal: AbortSignal) => Promise<ApiResult<{ payload: T }>>,
) => fromPromise<T, I>(({ input, signal }) => payloadOf(ask(input, signal)));

/**
 * A record editor's load: none for a new record (its `key` null in the input), else the payload of
 * `ask` with that key, e.g. `unlessNew('id', (id: number, signal) => api.GET('/operator/pages/{id}', …))`.
 */
export const unlessNew = <K extends string, V, T>(
  key: K,
  ask: (value: V, signal: AbortSignal) => Promise<ApiResult<{ payload: T }>>,
) =>
  fromPromise<T | null, Record<K, V | null>>(async ({ input, signal }) => {
    const value = input[key];
    return value === null ? null : payloadOf(ask(value, signal));
  });

/** Filters as the API takes them: one left empty ('') is not sent. */
type Given<F> = { [K in keyof F]?: Exclude<F[K], ''> };

/**
 * A console search list's load (machines/operator/searchList.ts): asks for one row more than a
 * page (`limit`) to know whether another page follows, with the `filters` of the search that are
 * not empty and, for a further page, `before_id`.
 */
export const searching = <F extends Filters, Q extends object, R>(
  perPage: number,
  filters: (search: F) => Q,
  find: (
    query: Given<Q> & { limit: number; before_id?: number },
    signal: AbortSignal,
  ) => Promise<ApiResult<{ payload: R[] }>>,
) =>
  fromPromise<ListPage<R>, ListQuery<F>>(async ({ input, signal }) => {
    const given = Object.entries(filters(input.search)).filter(([, value]) => value !== '');
    const query = {
      limit: perPage + 1,
      ...(Object.fromEntries(given) as Given<Q>),
      ...(input.beforeId === null ? {} : { before_id: input.beforeId }),
    };
    const found = await payloadOf(find(query, signal));
    return { rows: found.slice(0, perPage), more: found.length > perPage };
  });

/** An id filter as the address holds it (digits, '' for none) as the API takes it. */
export const idFilter = (text: string): number | '' => (text === '' ? '' : Number(text));

/** GET /operator/game-servers: the game servers screens and a product's commands pick from. */
export const gameServersOf = (api: ApiClient, signal: AbortSignal): Promise<GameServerEntry[]> =>
  payloadOf(api.GET('/operator/game-servers', { signal }));
