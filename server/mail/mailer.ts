import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; unset: messages are written to `<dataDir>/outbox/` as .eml files. */
  smtpUrl: string | undefined;
  dataDir: string;
  mailFrom: string;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * Sends over SMTP, or, without SMTP_URL, writes each message to the outbox. The log says only that
 * a message was written and where: its links carry single-use tokens (verification, password
 * reset) that would let whoever reads the log take the account over.
 */
export function createMailer(options: MailerOptions, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  if (options.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from: options.mailFrom, to, subject, text, html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(options.dataDir);
  return {
    async send({ to, subject, text, html }) {
      const info = await transport.sendMail({ from: options.mailFrom, to, subject, text, html });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ file }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}

/**
 * The start-log line about mail: a loud warning when a store that is not local (PUBLIC_URL, see
 * `isLocalUrl`) has no SMTP_URL, since its customers then never get their verification and
 * password-reset mails.
 */
export function mailNotice(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  local: boolean;
}): { level: 'info' | 'warn'; message: string } {
  if (options.smtpUrl !== undefined) return { level: 'info', message: 'mail: sent over SMTP (SMTP_URL)' };
  const dir = outboxDir(options.dataDir);
  if (options.local) return { level: 'info', message: `mail: written to ${dir} (SMTP_URL unset)` };
  return {
    level: 'warn',
    message:
      `!!! NO MAIL SERVER (SMTP_URL unset) on ${options.publicUrl}: verification and password-reset ` +
      `mails are only written to ${dir} and never reach customers. Set SMTP_URL. !!!`,
  };
}
