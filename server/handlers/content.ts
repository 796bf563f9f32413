import type { FastifyRequest } from 'fastify';
import { requireOperator } from '../delivery/authenticate';
import { fieldErrors, HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import {
  createLanguage,
  DefaultMessageNeededError,
  deleteLanguageMessage,
  LanguageRefusedError,
  languageMessages,
  listOperatorLanguages,
  MessageRefusedError,
  setLanguageMessage,
} from '../operator/languages';
import {
  createSocialLink,
  deleteSocialLink,
  listOperatorSocialLinks,
  SocialLinkRefusedError,
  updateSocialLink,
} from '../operator/social-links';
import type { ContractHandlers } from './types';

const DEFAULT_PER_PAGE = 50;

const notFound = (request: FastifyRequest) => new HttpError(404, t(request.locale, 'error.notFound'));

/** A refusal of the translation and social link rules as the contract's answer, in the request's language. */
function refusal(request: FastifyRequest, error: unknown): unknown {
  const { locale } = request;
  if (error instanceof DefaultMessageNeededError)
    return new HttpError(409, t(locale, 'translation.defaultNeeded'));
  if (error instanceof MessageRefusedError) {
    const { problem } = error;
    const text =
      problem.kind === 'syntax'
        ? t(locale, 'translation.syntax', { at: problem.at + 1 })
        : problem.expected.length === 0
          ? t(locale, 'translation.noPlaceholders')
          : t(locale, 'translation.placeholders', { expected: problem.expected.join(', ') });
    return fieldErrors({ value: [text] });
  }
  if (error instanceof LanguageRefusedError) {
    return fieldErrors({
      code: [t(locale, error.problem === 'codeTaken' ? 'language.codeTaken' : 'language.codeFormat')],
    });
  }
  if (error instanceof SocialLinkRefusedError) {
    const errors: Record<string, string[]> = {};
    if (error.problems.title) errors.title = [t(locale, 'socialLink.titleTaken')];
    if (error.problems.link) errors.link = [t(locale, 'socialLink.notHttps')];
    return fieldErrors(errors);
  }
  return error;
}

/** The operator's languages and translations, and the home page's social links (docs/architecture.md §3b). */
export const operatorContentHandlers = {
  listOperatorLanguages: async (request) => {
    requireOperator(request);
    return { status: 'OK', payload: await listOperatorLanguages(request.server.ctx.db) };
  },

  createLanguage: async (request, reply) => {
    const actor = requireOperator(request);
    try {
      const languages = await createLanguage(request.server.ctx.db, actor, request.body);
      reply.code(201);
      return { status: 'OK', payload: languages };
    } catch (error) {
      throw refusal(request, error);
    }
  },

  listLanguageMessages: async (request) => {
    requireOperator(request);
    const { query } = request;
    const page = await languageMessages(request.server.ctx.db, request.params.id, {
      missing: query.missing ?? false,
      q: query.q,
      page: query.page ?? 1,
      perPage: query.per_page ?? DEFAULT_PER_PAGE,
    });
    if (page === null) throw notFound(request);
    return { status: 'OK', payload: page };
  },

  setLanguageMessage: async (request) => {
    const actor = requireOperator(request);
    let message: Awaited<ReturnType<typeof setLanguageMessage>>;
    try {
      message = await setLanguageMessage(
        request.server.ctx.db,
        actor,
        request.params.id,
        request.params.key,
        request.body.value,
      );
    } catch (error) {
      throw refusal(request, error);
    }
    if (message === null) throw notFound(request);
    return { status: 'OK', payload: message };
  },

  deleteLanguageMessage: async (request) => {
    const actor = requireOperator(request);
    let message: Awaited<ReturnType<typeof deleteLanguageMessage>>;
    try {
      message = await deleteLanguageMessage(
        request.server.ctx.db,
        actor,
        request.params.id,
        request.params.key,
      );
    } catch (error) {
      throw refusal(request, error);
    }
    if (message === null) throw notFound(request);
    return { status: 'OK', payload: message };
  },

  listOperatorSocialLinks: async (request) => {
    requireOperator(request);
    return { status: 'OK', payload: await listOperatorSocialLinks(request.server.ctx.db) };
  },

  createSocialLink: async (request, reply) => {
    const actor = requireOperator(request);
    const { lang_id: _, ...input } = request.body;
    try {
      const links = await createSocialLink(request.server.ctx.db, actor, input);
      reply.code(201);
      return { status: 'OK', payload: links };
    } catch (error) {
      throw refusal(request, error);
    }
  },

  updateSocialLink: async (request) => {
    const actor = requireOperator(request);
    let links: Awaited<ReturnType<typeof updateSocialLink>>;
    try {
      links = await updateSocialLink(request.server.ctx.db, actor, request.params.id, request.body);
    } catch (error) {
      throw refusal(request, error);
    }
    if (links === null) throw notFound(request);
    return { status: 'OK', payload: links };
  },

  deleteSocialLink: async (request) => {
    const actor = requireOperator(request);
    const links = await deleteSocialLink(request.server.ctx.db, actor, request.params.id);
    if (links === null) throw notFound(request);
    return { status: 'OK', payload: links };
  },
} satisfies Partial<ContractHandlers>;
