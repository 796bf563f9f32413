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
  /** The links the message carries, logged when it goes to the outbox. */
  links: string[];
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

/** Sends over SMTP, or, without SMTP_URL, writes each message to the outbox and logs its links. */
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
    async send({ to, subject, text, html, links }) {
      const info = await transport.sendMail({ from: options.mailFrom, to, subject, text, html });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to, subject, links, file }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
