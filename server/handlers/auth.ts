import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/authenticate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeSession, revokeUserSessions } from '../auth/sessions';
import { users } from '../db/schema';
import { transaction } from '../db/statement';
import { fieldErrors, HttpError } from '../http/errors';
import { requestedLangId } from '../i18n/locale';
import { type Locale, t } from '../i18n/messages';
import { knownLanguage, rememberLanguage } from '../users/language';
import { lockUser } from '../users/locks';
import { sendQuietly, sendResetMail, sendSignInLinkMail, sendVerificationMail } from '../users/mails';
import { emailTaken, findUserByEmail, isUniqueViolation, normalizeEmail } from '../users/queries';
import { checkConfirmation, checkCountry, checkPhone, RuleErrors, requiredText } from '../users/rules';
import { signIn } from '../users/sign-in';
import { accountSettings } from '../users/store-settings';
import {
  findUserToken,
  issueUserToken,
  isUsable,
  lockUserToken,
  retireUserTokens,
} from '../users/user-tokens';
import { isOpaqueToken, verifyEmailToken, verifyResultPage } from '../users/verify-email';
import type { ContractHandlers } from './types';

export const authHandlers = {
  register: async (request, reply) => {
    const { body } = request;
    const { db } = request.server.ctx;
    const { locale } = request;
    if (!(await accountSettings(db)).registrationOpen) {
      throw new HttpError(403, t(locale, 'auth.registrationClosed'));
    }
    const errors = new RuleErrors();
    const name = requiredText(errors, locale, 'name', body.name);
    const surname = requiredText(errors, locale, 'surname', body.surname);
    const email = normalizeEmail(body.email);
    if (await emailTaken(db, email)) errors.add('email', t(locale, 'auth.emailTaken'));
    await checkCountry(errors, locale, db, body.country);
    const city = requiredText(errors, locale, 'city', body.city);
    const phone = requiredText(errors, locale, 'phone', body.phone);
    await checkPhone(errors, locale, db, phone, body.phoneE164);
    checkConfirmation(errors, locale, body.password, body.password_confirmation);
    if (!errors.isEmpty) throw errors.toHttpError();

    const passwordHash = await hashPassword(body.password);
    const created = await transaction(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name,
          surname,
          email,
          phone,
          phoneE164: body.phoneE164,
          passwordHash,
          countryId: body.country,
          city,
          languageId: knownLanguage(requestedLangId(request.query, body)),
        })
        .returning();
      if (user === undefined) throw new Error('the new user was not stored');
      return { user, token: await issueUserToken(tx, user.id, 'verify_email') };
    }).catch((error: unknown) => {
      // Another sign-up with the same address won the race.
      if (isUniqueViolation(error)) throw fieldErrors({ email: [t(locale, 'auth.emailTaken')] });
      throw error;
    });
    await sendQuietly(request, 'verification', () =>
      sendVerificationMail(request, created.user, created.token),
    );
    reply.code(201);
    return signIn(db, created.user, t(locale, 'auth.registered'));
  },

  login: async (request) => {
    const { body } = request;
    const { db } = request.server.ctx;
    const user = await findUserByEmail(db, body.username);
    // Runs a verification even for an unknown address, so both answers take as long.
    const valid = await verifyPassword(user?.passwordHash, body.password);
    if (user === undefined || !valid)
      throw new HttpError(422, t(request.locale, 'auth.invalidCredentials'), {});
    await rememberLanguage(db, user, requestedLangId(request.query, body));
    return signIn(db, user, t(request.locale, 'auth.signedIn'));
  },

  checkAuth: async (request) => {
    const { user } = requireAuth(request);
    return { status: 'OK', authenticated: true, emailVerified: user.emailVerifiedAt !== null };
  },

  logout: async (request) => {
    const { sessionId } = requireAuth(request);
    await revokeSession(request.server.ctx.db, sessionId);
    return { status: 'OK', message: t(request.locale, 'auth.loggedOut') };
  },

  requestPasswordReset: async (request) => {
    await mailLinkIfKnown(request, request.body.email, 'reset_password', sendResetMail);
    return { status: 'OK', message: t(request.locale, 'auth.resetLinkSent') };
  },

  requestLoginLink: async (request) => {
    await mailLinkIfKnown(request, request.body.email, 'sign_in', sendSignInLinkMail);
    return { status: 'OK', message: t(request.locale, 'auth.signInLinkSent') };
  },

  confirmLoginLink: async (request) => {
    const { body, locale } = request;
    const { db } = request.server.ctx;
    const invalidLink = () => fieldErrors({ token: [t(locale, 'auth.signInLinkInvalid')] });
    const found = await findUserToken(db, body.token, 'sign_in');
    if (found === undefined || !isUsable(found)) throw invalidLink();
    const user = await transaction(db, async (tx) => {
      const owner = await lockUser(tx, found.userId);
      const row = await lockUserToken(tx, found.id);
      if (owner === undefined || row === undefined || !isUsable(row)) return undefined;
      if (owner.email !== normalizeEmail(body.email)) return undefined;
      // Single use: this link and every other sign-in link sent so far.
      await retireUserTokens(tx, owner.id, 'sign_in');
      return owner;
    });
    if (user === undefined) throw invalidLink();
    return signIn(db, user, t(locale, 'auth.signedIn'));
  },

  checkPasswordResetLink: async (request) => {
    const { body, locale } = request;
    const found = await usableResetToken(request, body.token);
    const owner = await findUserByEmail(request.server.ctx.db, body.email);
    if (owner === undefined || owner.id !== found.userId) throw resetLinkInvalid(locale);
    return { status: 'OK', message: t(locale, 'auth.resetLinkUsable') };
  },

  restorePassword: async (request) => {
    const { body } = request;
    const { db } = request.server.ctx;
    const { locale } = request;
    const errors = new RuleErrors();
    checkConfirmation(errors, locale, body.password, body.password_confirmation);
    if (!errors.isEmpty) throw errors.toHttpError();

    const invalidLink = () => resetLinkInvalid(locale);
    const found = await usableResetToken(request, body.token);
    const passwordHash = await hashPassword(body.password);
    const reset = await transaction(db, async (tx) => {
      const user = await lockUser(tx, found.userId);
      const row = await lockUserToken(tx, found.id);
      if (user === undefined || row === undefined || !isUsable(row)) return false;
      if (user.email !== normalizeEmail(body.email)) return false;
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      // Uses up this link and every other reset link sent so far.
      await retireUserTokens(tx, user.id, 'reset_password');
      await revokeUserSessions(tx, user.id);
      return true;
    });
    if (!reset) throw invalidLink();
    return { status: 'OK', message: t(locale, 'auth.passwordReset') };
  },

  resendVerification: async (request) => {
    const { user } = requireAuth(request);
    if (user.emailVerifiedAt !== null) throw new HttpError(409, t(request.locale, 'auth.alreadyVerified'));
    // Earlier links stay valid until they expire: they all go to the same address, and any of
    // them is retired when the address changes.
    const token = await issueUserToken(request.server.ctx.db, user.id, 'verify_email');
    await sendVerificationMail(request, user, token);
    return { status: 'OK', message: t(request.locale, 'auth.verificationSent') };
  },

  verifyEmail: async (request, reply) => {
    const { token } = request.params;
    const { db } = request.server.ctx;
    const result = isOpaqueToken(token)
      ? await verifyEmailToken(db, token, (await accountSettings(db)).welcomeBonusMinor)
      : ({ outcome: 'invalid', bonusMinor: 0 } as const);
    reply.header('cache-control', 'no-store');
    return reply.redirect(verifyResultPage(result), 302);
  },
} satisfies Partial<ContractHandlers>;

/** The refusal of a reset link that cannot reset anything (used, expired, unknown, another address's). */
const resetLinkInvalid = (locale: Locale) => fieldErrors({ token: [t(locale, 'auth.resetLinkInvalid')] });

/** The reset link's token row while it can still be used, else the refusal. */
async function usableResetToken(request: FastifyRequest, token: string) {
  const found = await findUserToken(request.server.ctx.db, token, 'reset_password');
  if (found === undefined || !isUsable(found)) throw resetLinkInvalid(request.locale);
  return found;
}

/**
 * A password-reset or sign-in link for an address that may have no account. The answer is the same,
 * and as fast, either way: the token is issued and mailed after it. Past the account's mail budget
 * no mail goes out, and the links already sent still work, so a stranger's requests cannot keep the
 * owner out (ADR 0015).
 */
async function mailLinkIfKnown(
  request: FastifyRequest,
  email: string,
  kind: 'reset_password' | 'sign_in',
  send: typeof sendResetMail,
): Promise<void> {
  const user = await findUserByEmail(request.server.ctx.db, email);
  if (user === undefined || request.mailBudgetSpent) return;
  void sendQuietly(request, kind, async () => {
    const token = await issueUserToken(request.server.ctx.db, user.id, kind);
    await send(request, user, token);
  });
}
