import { eq } from 'drizzle-orm';
import { isPlayerName } from '../../domain/player-name';
import { requireAuth } from '../auth/authenticate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { users } from '../db/schema';
import { transaction } from '../db/statement';
import { fieldErrors, HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import { balanceHistory } from '../ledger/history';
import { mailQueued, queueMail } from '../mail/queue';
import { anonymiseAccount, ledgerAndSessionsOf } from '../users/account-data';
import { sendQuietly, sendVerificationMail } from '../users/mails';
import { userProfile } from '../users/profile';
import { emailTaken, isUniqueViolation, normalizeEmail } from '../users/queries';
import {
  checkConfirmation,
  checkCountry,
  checkPhone,
  optionalText,
  RuleErrors,
  requiredText,
} from '../users/rules';
import { issueUserToken, retireUserTokens } from '../users/user-tokens';
import { titleLanguageId } from './cart';
import { ordersOf } from './orders';
import type { ContractHandlers, ContractRequest } from './types';

/** The signed-in customer, once the password they typed again is theirs (else 422 at `password`). */
async function confirmedCustomer(request: ContractRequest<'exportAccountData' | 'deleteAccount'>) {
  const auth = requireAuth(request);
  if (!(await verifyPassword(auth.user.passwordHash, request.body.password))) {
    throw fieldErrors({ password: [t(request.locale, 'account.passwordWrong')] });
  }
  return auth;
}

export const accountHandlers = {
  listBalanceHistory: async (request) => {
    const { user } = requireAuth(request);
    const { page = 1, per_page: perPage = 20 } = request.query;
    return { status: 'OK', payload: await balanceHistory(request.server.ctx.db, user.id, page, perPage) };
  },

  getProfile: async (request) => {
    const { user } = requireAuth(request);
    return { status: 'OK', payload: await userProfile(request.server.ctx.db, user, request.locale) };
  },

  /** `address` and `post_code` left out stay as they are; sent blank, they are cleared. */
  updateProfile: async (request) => {
    const { user } = requireAuth(request);
    const { body } = request;
    const { db } = request.server.ctx;
    const { locale } = request;
    const errors = new RuleErrors();
    const name = requiredText(errors, locale, 'name', body.name);
    const surname = requiredText(errors, locale, 'surname', body.surname);
    await checkCountry(errors, locale, db, body.country);
    const city = requiredText(errors, locale, 'city', body.city);
    const phone = requiredText(errors, locale, 'phone', body.phone);
    await checkPhone(errors, locale, db, phone, body.phoneE164);
    const address = optionalText(errors, locale, 'address', body.address);
    const postCode = optionalText(errors, locale, 'post_code', body.post_code);
    // Left out: unchanged; blank or null: cleared; otherwise a name by the rule (ADR 0031).
    const player = body.player === undefined ? undefined : (body.player ?? '').trim() || null;
    if (player != null && !isPlayerName(player, request.server.ctx.config.delivery.playerNames)) {
      errors.add('player', t(locale, 'player.invalid'));
    }
    if (!errors.isEmpty) throw errors.toHttpError();

    await db
      .update(users)
      .set({
        name,
        surname,
        phone,
        phoneE164: body.phoneE164,
        countryId: body.country,
        city,
        ...(address === undefined ? {} : { address }),
        ...(postCode === undefined ? {} : { postCode }),
        ...(player === undefined ? {} : { player }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    return { status: 'OK', message: t(locale, 'account.profileUpdated') };
  },

  /** Needs the current password; every other session of the customer ends. */
  changePassword: async (request) => {
    const { user, sessionId } = requireAuth(request);
    const { body } = request;
    const { db } = request.server.ctx;
    const { locale } = request;
    const errors = new RuleErrors();
    if (!(await verifyPassword(user.passwordHash, body.current_password))) {
      errors.add('current_password', t(locale, 'account.currentPasswordWrong'));
    }
    checkConfirmation(errors, locale, body.password, body.password_confirmation);
    if (!errors.isEmpty) throw errors.toHttpError();

    const passwordHash = await hashPassword(body.password);
    await transaction(db, async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, sessionId);
      await retireUserTokens(tx, user.id, 'reset_password');
      await queueMail(tx, { kind: 'password_changed', userId: user.id });
    });
    mailQueued();
    return { status: 'OK', message: t(locale, 'account.passwordChanged') };
  },

  /**
   * Changes the address at once and clears its verification (ADR 0002): a link goes to the new
   * address, a notice to the old one. The password is checked first, and a wrong one is the only
   * error reported, so a borrowed session cannot probe which addresses have accounts. The notice to
   * the old address is queued with the change; the link is sent at once (ADR 0050). Every
   * other session of the customer ends, as on a password change; this one stays.
   */
  changeEmail: async (request) => {
    const { user, sessionId } = requireAuth(request);
    const { body } = request;
    const { db } = request.server.ctx;
    const { locale } = request;
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw fieldErrors({ password: [t(locale, 'account.passwordWrong')] });
    }
    const email = normalizeEmail(body.email);
    const taken = () => fieldErrors({ email: [t(locale, 'auth.emailTaken')] });
    if (email === user.email) throw fieldErrors({ email: [t(locale, 'account.emailUnchanged')] });
    if (await emailTaken(db, email, user.id)) throw taken();

    const token = await transaction(db, async (tx) => {
      await tx
        .update(users)
        .set({ email, emailVerifiedAt: null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      // Links sent to the old address must not verify the new one or reset its password.
      await retireUserTokens(tx, user.id, 'verify_email');
      await retireUserTokens(tx, user.id, 'reset_password');
      await revokeUserSessions(tx, user.id, sessionId);
      await queueMail(tx, { kind: 'email_changed', userId: user.id, oldEmail: user.email, newEmail: email });
      return issueUserToken(tx, user.id, 'verify_email');
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    });
    await sendQuietly(request, 'verification', () =>
      sendVerificationMail(request, { email, name: user.name }, token),
    );
    mailQueued();
    return { status: 'OK', message: t(locale, 'account.emailChanged') };
  },

  /** Everything the store holds about the customer, as one JSON download (docs/product.md §2 "Your data"). */
  exportAccountData: async (request, reply) => {
    const { user } = await confirmedCustomer(request);
    const { db, config } = request.server.ctx;
    const now = new Date();
    const [profile, orderList, { ledger, sessions }] = await Promise.all([
      userProfile(db, user, request.locale),
      titleLanguageId(request).then((languageId) =>
        ordersOf(db, user.id, languageId, config.paymentPendingTimeoutMs),
      ),
      ledgerAndSessionsOf(db, user.id),
    ]);
    const file = `blockfront-data-${now.toISOString().slice(0, 10)}.json`;
    reply.header('content-disposition', `attachment; filename="${file}"`);
    reply.header('cache-control', 'no-store');
    return {
      status: 'OK',
      payload: { exported_at: now.toISOString(), profile, orders: orderList, ledger, sessions },
    };
  },

  /** Anonymises the account and ends every session, this one too (docs/product.md §2 "Your data"). */
  deleteAccount: async (request) => {
    const { user } = await confirmedCustomer(request);
    if (user.role === 'operator') throw new HttpError(403, t(request.locale, 'account.operatorNotDeleted'));
    await transaction(request.server.ctx.db, (tx) => anonymiseAccount(tx, user.id));
    return { status: 'OK', message: t(request.locale, 'account.deleted') };
  },
} satisfies Partial<ContractHandlers>;
