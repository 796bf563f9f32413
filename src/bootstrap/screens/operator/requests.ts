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

/** Filters as the API takes them: one left empty ('') is not sent. */
type Given<F> = { [K in keyof F]?: Exclude<F[K], ''> };

/**
 * One page of a console search list: asks for one row more than a page (`limit`) to know whether
 * another page follows, with the filters that are not empty and, for a further page, `before_id`.
 */
export async function searchPage<F extends object, R>(
  perPage: number,
  beforeId: ListQuery<Filters>['beforeId'],
  filters: F,
  find: (query: Given<F> & { limit: number; before_id?: number }) => Promise<R[]>,
): Promise<ListPage<R>> {
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as Given<F>;
  const found = await find({
    limit: perPage + 1,
    ...given,
    ...(beforeId === null ? {} : { before_id: beforeId }),
  });
  return { rows: found.slice(0, perPage), more: found.length > perPage };
}

/** An id filter as the address holds it (digits, '' for none) as the API takes it. */
export const idFilter = (text: string): number | '' => (text === '' ? '' : Number(text));

/** GET /operator/game-servers: the game servers screens and a product's commands pick from. */
export const gameServersOf = (api: ApiClient, signal: AbortSignal): Promise<GameServerEntry[]> =>
  payloadOf(api.GET('/operator/game-servers', { signal }));
