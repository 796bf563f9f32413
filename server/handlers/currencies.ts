import type { FastifyRequest } from 'fastify';
import { requireOperator } from '../delivery/authenticate';
import { fieldErrors, HttpError } from '../http/errors';
import { type MessageKey, t } from '../i18n/messages';
import {
  type CurrencyProblem,
  createCurrency,
  DefaultCurrencyHiddenError,
  listOperatorCurrencies,
  operatorCurrency,
  updateCurrency,
} from '../operator/currencies';
import { FieldsRefusedError, VersionChangedError } from '../operator/refusals';
import type { ContractHandlers } from './types';

const PROBLEM_TEXT: Record<CurrencyProblem, MessageKey> = {
  format: 'currency.codeFormat',
  unknown: 'currency.codeUnknown',
  taken: 'currency.codeTaken',
  notDecimal: 'currency.rateNotDecimal',
  notPositive: 'currency.rateNotPositive',
  tooManyDecimals: 'currency.rateTooManyDecimals',
  tooLarge: 'currency.rateTooLarge',
  symbol: 'currency.symbolInvalid',
};

/** A refusal of the currency rules as the contract's answer, in the request's language. */
function refusal(request: FastifyRequest, error: unknown): unknown {
  const { locale } = request;
  if (error instanceof VersionChangedError) return new HttpError(409, t(locale, 'currency.changedMeanwhile'));
  if (error instanceof DefaultCurrencyHiddenError) {
    return new HttpError(409, t(locale, 'currency.defaultNotHidden'));
  }
  if (!(error instanceof FieldsRefusedError)) return error;
  return fieldErrors(
    Object.fromEntries(
      Object.entries(error.problems as Record<string, CurrencyProblem>).map(([field, problem]) => [
        field,
        [t(locale, PROBLEM_TEXT[problem])],
      ]),
    ),
  );
}

const notFound = (request: FastifyRequest) => new HttpError(404, t(request.locale, 'error.notFound'));

/** The operator's display currencies and their rates (docs/architecture.md §3b). */
export const operatorCurrencyHandlers = {
  listOperatorCurrencies: async (request) => {
    requireOperator(request);
    return { status: 'OK', payload: await listOperatorCurrencies(request.server.ctx.db) };
  },

  getOperatorCurrency: async (request) => {
    requireOperator(request);
    const currency = await operatorCurrency(request.server.ctx.db, request.params.code);
    if (currency === null) throw notFound(request);
    return { status: 'OK', payload: currency };
  },

  createCurrency: async (request, reply) => {
    const actor = requireOperator(request);
    try {
      const currency = await createCurrency(request.server.ctx.db, actor, request.body);
      reply.code(201);
      return { status: 'OK', payload: currency };
    } catch (error) {
      throw refusal(request, error);
    }
  },

  updateCurrency: async (request) => {
    const actor = requireOperator(request);
    let currency: Awaited<ReturnType<typeof updateCurrency>>;
    try {
      currency = await updateCurrency(request.server.ctx.db, actor, request.params.code, request.body);
    } catch (error) {
      throw refusal(request, error);
    }
    if (currency === null) throw notFound(request);
    return { status: 'OK', payload: currency };
  },
} satisfies Partial<ContractHandlers>;
