import { contractOperationIds } from '../http/openapi';
import { accountHandlers } from './account';
import { authHandlers } from './auth';
import { cartHandlers } from './cart';
import { catalogueHandlers } from './catalogue';
import { operatorContentHandlers } from './content';
import { operatorCurrencyHandlers } from './currencies';
import { gameHandlers } from './game';
import { operatorHandlers } from './operator';
import { orderHandlers } from './orders';
import { operatorPageHandlers } from './pages';
import { paymentHandlers } from './payments';
import { operatorCatalogueHandlers } from './products';
import { systemHandlers } from './system';
import { type ContractHandlers, type Handlers, routeHandlers } from './types';

export type { Handler, Handlers } from './types';

/**
 * Every operation's handler, by operationId. Each handler module adds its map here; the compiler
 * checks that every operation of the contract has one, typed by it.
 */
export const handlers: Handlers = routeHandlers({
  ...systemHandlers,
  ...authHandlers,
  ...accountHandlers,
  ...catalogueHandlers,
  ...cartHandlers,
  ...orderHandlers,
  ...paymentHandlers,
  ...gameHandlers,
  ...operatorHandlers,
  ...operatorCatalogueHandlers,
  ...operatorCurrencyHandlers,
  ...operatorPageHandlers,
  ...operatorContentHandlers,
} satisfies ContractHandlers);

/** Operations of the contract that have no handler. */
export function missingHandlers(
  available: Handlers = handlers,
  operationIds: readonly string[] = contractOperationIds(),
): string[] {
  return operationIds.filter((id) => !(id in available));
}

/** Handlers that answer no operation of the contract (a typo, or a removed operation). */
export function unknownHandlers(
  available: Handlers = handlers,
  operationIds: readonly string[] = contractOperationIds(),
): string[] {
  return Object.keys(available).filter((id) => !operationIds.includes(id));
}
