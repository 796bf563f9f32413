import type { FastifyRequest } from 'fastify';
import { requireOperator } from '../delivery/authenticate';
import { fieldErrors, HttpError } from '../http/errors';
import { type MessageKey, t } from '../i18n/messages';
import {
  createPage,
  deletePage,
  listOperatorPages,
  operatorPage,
  PageNeededError,
  type PageProblem,
  previewPageContent,
  updatePage,
} from '../operator/pages';
import { FieldsRefusedError, VersionChangedError } from '../operator/refusals';
import type { ContractHandlers } from './types';

const PROBLEM_TEXT: Record<PageProblem, MessageKey> = {
  unknownLanguage: 'page.unknownLanguage',
  defaultTextRequired: 'page.defaultTextRequired',
  defaultTextNotRemovable: 'page.defaultTextNotRemovable',
  slugTaken: 'page.slugTaken',
  slugReserved: 'page.slugReserved',
  slugKept: 'page.slugKept',
};

/** A refusal of the pages' rules as the contract's answer, in the request's language. */
function refusal(request: FastifyRequest, error: unknown): unknown {
  const { locale } = request;
  if (error instanceof VersionChangedError) return new HttpError(409, t(locale, 'page.changedMeanwhile'));
  if (error instanceof PageNeededError) return new HttpError(409, t(locale, 'page.needed'));
  if (!(error instanceof FieldsRefusedError)) return error;
  return fieldErrors(
    Object.fromEntries(
      Object.entries(error.problems as Record<string, PageProblem>).map(([field, problem]) => [
        field,
        [t(locale, PROBLEM_TEXT[problem])],
      ]),
    ),
  );
}

const notFound = (request: FastifyRequest) => new HttpError(404, t(request.locale, 'error.notFound'));

/** The operator's static pages (docs/architecture.md §3b). */
export const operatorPageHandlers = {
  listOperatorPages: async (request) => {
    requireOperator(request);
    return { status: 'OK', payload: await listOperatorPages(request.server.ctx.db) };
  },

  getOperatorPage: async (request) => {
    requireOperator(request);
    const page = await operatorPage(request.server.ctx.db, request.params.id);
    if (page === null) throw notFound(request);
    return { status: 'OK', payload: page };
  },

  createPage: async (request, reply) => {
    const actor = requireOperator(request);
    // lang_id chose the language of the messages; it is no field of the page.
    const { lang_id: _, ...input } = request.body;
    try {
      const page = await createPage(request.server.ctx.db, actor, input);
      reply.code(201);
      return { status: 'OK', payload: page };
    } catch (error) {
      throw refusal(request, error);
    }
  },

  updatePage: async (request) => {
    const actor = requireOperator(request);
    let page: Awaited<ReturnType<typeof updatePage>>;
    try {
      page = await updatePage(request.server.ctx.db, actor, request.params.id, request.body);
    } catch (error) {
      throw refusal(request, error);
    }
    if (page === null) throw notFound(request);
    return { status: 'OK', payload: page };
  },

  deletePage: async (request) => {
    const actor = requireOperator(request);
    let removed: boolean;
    try {
      removed = await deletePage(request.server.ctx.db, actor, request.params.id);
    } catch (error) {
      throw refusal(request, error);
    }
    if (!removed) throw notFound(request);
    return { status: 'OK' };
  },

  previewPage: async (request) => {
    requireOperator(request);
    return { status: 'OK', payload: { content: previewPageContent(request.body.content) } };
  },
} satisfies Partial<ContractHandlers>;
