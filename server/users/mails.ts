import type { FastifyRequest } from 'fastify';
import type { MailMessage } from '../mail/mailer';
import { type MailContext, resetPasswordMail, signInLinkMail, verificationMail } from '../mail/templates';
import { accountSettings } from './store-settings';
import { TOKEN_VALID_HOURS } from './user-tokens';

/** The emails of the account operations, in the request's language, with links on PUBLIC_URL. */

interface Recipient {
  email: string;
  name: string;
}

async function contextFor(request: FastifyRequest, to: Recipient): Promise<MailContext> {
  const { config, db } = request.server.ctx;
  const { shopName } = await accountSettings(db);
  return { locale: request.locale, publicUrl: config.publicUrl, shopName, to: to.email, name: to.name };
}

/** One account mail to `to`, built from the request's mail context. */
async function sendMail(
  request: FastifyRequest,
  to: Recipient,
  build: (context: MailContext) => Promise<MailMessage>,
): Promise<void> {
  await request.server.ctx.mailer.send(await build(await contextFor(request, to)));
}

export function sendVerificationMail(request: FastifyRequest, to: Recipient, token: string): Promise<void> {
  return sendMail(request, to, (context) =>
    verificationMail({ ...context, token, validHours: TOKEN_VALID_HOURS.verify_email }),
  );
}

export function sendResetMail(request: FastifyRequest, to: Recipient, token: string): Promise<void> {
  return sendMail(request, to, (context) =>
    resetPasswordMail({ ...context, token, validHours: TOKEN_VALID_HOURS.reset_password }),
  );
}

export function sendSignInLinkMail(request: FastifyRequest, to: Recipient, token: string): Promise<void> {
  return sendMail(request, to, (context) =>
    signInLinkMail({ ...context, token, validMinutes: TOKEN_VALID_HOURS.sign_in * 60 }),
  );
}

/**
 * For a mail that reports a change already saved: a failure to send is logged (without the
 * message, which holds a token) and does not turn the answer into an error. The customer can ask
 * for the link again.
 */
export async function sendQuietly(
  request: FastifyRequest,
  what: string,
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    request.log.error(
      { mail: what, reason: error instanceof Error ? error.message : String(error) },
      'mail not sent',
    );
  }
}
