import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../server/http/log';
import type { Locale } from '../../server/i18n/messages';
import { createMailer, mailNotice, outboxDir } from '../../server/mail/mailer';
import { emailChangedNotice, resetPasswordMail, verificationMail } from '../../server/mail/templates';
import { createTestApi } from './support/api';

const PUBLIC_URL = 'http://shop.test';
const TOKEN = 'q3Zf8m1VxT0bN7cLkPa9sRw2yHdEuGj4oXiB6tQnMv5';

/** The decoded text of a raw message: quoted-printable soft breaks joined, =XX bytes as UTF-8. */
function decoded(eml: string): string {
  const parts = eml.replace(/=\r?\n/g, '').split(/=([0-9A-F]{2})/);
  const bytes = parts.map((part, i) =>
    i % 2 === 1 ? Buffer.from([Number.parseInt(part, 16)]) : Buffer.from(part),
  );
  return Buffer.concat(bytes).toString('utf8');
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'blockfront-mail-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const base = (locale: Locale) => ({ locale, publicUrl: PUBLIC_URL, shopName: 'Blockfront', name: 'Alex' });

const expected: Record<Locale, { verify: string; reset: string; changed: string }> = {
  en: {
    verify: 'Please confirm your email address by opening this link:',
    reset: 'Choose a new one here:',
    changed: 'The email address of your account was changed to new@example.com.',
  },
  de: {
    verify: 'Bitte bestätige deine E-Mail-Adresse über diesen Link:',
    reset: 'Wähle hier ein neues:',
    changed: 'Die E-Mail-Adresse deines Kontos wurde in new@example.com geändert.',
  },
  es: {
    verify: 'Confirma tu dirección de correo electrónico abriendo este enlace:',
    reset: 'Elige una nueva aquí:',
    changed: 'El correo electrónico de tu cuenta se ha cambiado a new@example.com.',
  },
};

describe('the outbox (no SMTP_URL)', () => {
  for (const locale of ['en', 'de', 'es'] as const) {
    it(`writes verification, reset and change notices as .eml files (${locale})`, async () => {
      const dataDir = tempDir();
      const logged: unknown[] = [];
      const mailer = createMailer(
        { smtpUrl: undefined, dataDir, mailFrom: 'Blockfront <no-reply@shop.test>' },
        { info: (entry: unknown) => logged.push(entry) },
      );
      await mailer.send(
        await verificationMail({ ...base(locale), to: 'alex@example.com', token: TOKEN, validHours: 24 }),
      );
      await mailer.send(
        await resetPasswordMail({ ...base(locale), to: 'alex+1@example.com', token: TOKEN, validHours: 1 }),
      );
      await mailer.send(
        await emailChangedNotice({ ...base(locale), to: 'old@example.com', newEmail: 'new@example.com' }),
      );
      mailer.close();

      const files = readdirSync(outboxDir(dataDir)).sort();
      expect(files).toHaveLength(3);
      expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
      const all = files.map((file) => decoded(readFileSync(path.join(outboxDir(dataDir), file), 'utf8')));
      const verify = all.find((eml) => eml.includes('To: alex@example.com')) ?? '';
      const reset = all.find((eml) => eml.includes('To: alex+1@example.com')) ?? '';
      const changed = all.find((eml) => eml.includes('To: old@example.com')) ?? '';

      expect(verify).toContain('From: Blockfront <no-reply@shop.test>');
      expect(verify).toContain(`${PUBLIC_URL}/api/email/verify/${TOKEN}`);
      expect(verify).toContain(expected[locale].verify);
      const resetLink = `${PUBLIC_URL}/reset-password-confirm?token=${TOKEN}&email=alex%2B1%40example.com`;
      expect(reset).toContain(resetLink);
      expect(reset).toContain(expected[locale].reset);
      expect(changed).toContain(expected[locale].changed);
      expect(changed).not.toContain(TOKEN);

      // The log says that a message was written and where, never what it carries: its links hold
      // single-use tokens, and whoever reads the log must not be able to take the account over.
      expect(logged).toEqual(files.map((file) => ({ file: path.join(outboxDir(dataDir), file) })));
      const log = JSON.stringify(logged);
      for (const secret of [TOKEN, 'verify', 'reset-password', '@example.com']) {
        expect(log).not.toContain(secret);
      }
    });
  }

  it('puts links in the HTML part too, escaped', async () => {
    const mail = await verificationMail({
      ...base('en'),
      name: '<b>Alex</b>',
      to: 'a@example.com',
      token: TOKEN,
      validHours: 24,
    });
    expect(mail.html).toContain(`<a href="${PUBLIC_URL}/api/email/verify/${TOKEN}"`);
    expect(mail.html).toContain('>Verify email address</span>');
    expect(mail.html).toContain('Hello &lt;b&gt;Alex&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Alex');
    expect(mail.text).toContain('The link is valid for 24 hours.');
    const reset = await resetPasswordMail({
      ...base('en'),
      to: 'a@example.com',
      token: TOKEN,
      validHours: 1,
    });
    expect(reset.html).toContain('&amp;email=a%40example.com');
  });
});

describe('SMTP (SMTP_URL set)', () => {
  it('delivers through the server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const dataDir = tempDir();
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, dataDir, mailFrom: 'no-reply@shop.test' },
      { info: () => undefined },
    );
    try {
      await mailer.send(
        await verificationMail({ ...base('de'), to: 'alex@example.com', token: TOKEN, validHours: 24 }),
      );
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    expect(decoded(received[0] ?? '')).toContain(`${PUBLIC_URL}/api/email/verify/${TOKEN}`);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('the start log', () => {
  it('warns loudly when a store that is not local has no SMTP_URL', async () => {
    const lines: string[] = [];
    const api = await createTestApi({
      env: { PUBLIC_URL: 'https://shop.example.com', SMTP_URL: '' },
      logger: loggerOptions('info', { write: (line: string) => lines.push(line) }),
    });
    await api.close();
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    const loud = entries.find((entry) => entry.msg.includes('NO MAIL SERVER'));
    expect(loud?.level).toBe(40);
    expect(loud?.msg).toBe(
      '!!! NO MAIL SERVER (SMTP_URL unset) on https://shop.example.com: verification and password-reset ' +
        `mails are only written to ${outboxDir(api.config.dataDir)} and never reach customers. Set SMTP_URL. !!!`,
    );
  });

  it('only informs on a local store or with SMTP_URL, without the URL and its password', () => {
    const local = mailNotice({
      smtpUrl: undefined,
      dataDir: '/srv/shop',
      publicUrl: 'http://localhost:3000',
      local: true,
    });
    expect(local).toEqual({ level: 'info', message: 'mail: written to /srv/shop/outbox (SMTP_URL unset)' });
    const smtp = mailNotice({
      smtpUrl: 'smtp://shop:secret@mail.example.com:587',
      dataDir: '/srv/shop',
      publicUrl: 'https://shop.example.com',
      local: false,
    });
    expect(smtp).toEqual({ level: 'info', message: 'mail: sent over SMTP (SMTP_URL)' });
  });
});
