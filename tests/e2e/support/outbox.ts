// Mail the server wrote to `<DATA_DIR>/outbox/*.eml` (no SMTP_URL): the links customers would click.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const MAIL_TIMEOUT_MS = 20_000;

interface Mail {
  to: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const latin1 = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

function splitHeaders(source: string): [string, string] {
  const end = source.search(/\r?\n\r?\n/);
  if (end < 0) return [source, ''];
  const separator = /\r?\n\r?\n/.exec(source.slice(end))?.[0] ?? '\n\n';
  return [source.slice(0, end), source.slice(end + separator.length)];
}

/** The recipient and the text/plain part of one .eml file (single part or multipart/alternative). */
function parseMail(source: string): Mail {
  const [headers, body] = splitHeaders(source);
  // Folded header lines start with whitespace: unfold before reading them.
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  const to = /^to:\s*(.+)$/im.exec(unfolded)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  if (boundary === undefined) return { to, text: decodePart(unfolded, body) };
  for (const part of body.split(`--${boundary}`)) {
    const [partHeaders, partBody] = splitHeaders(part.replace(/^\r?\n/, ''));
    if (/^content-type:\s*text\/plain/im.test(partHeaders))
      return { to, text: decodePart(partHeaders, partBody) };
  }
  return { to, text: '' };
}

function mailsTo(dataDir: string, address: string): Mail[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(readFileSync(join(dir, name), 'utf8')))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** The newest link matching `pattern` in a mail to `address`, waiting for the mail to arrive. */
async function waitForLink(dataDir: string, address: string, pattern: RegExp, what: string): Promise<URL> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const links = mailsTo(dataDir, address).flatMap((mail) => mail.text.match(pattern) ?? []);
    const newest = links.at(-1);
    if (newest !== undefined) return new URL(newest);
    await delay(200);
  }
  throw new Error(`no ${what} mail to ${address} in ${join(dataDir, 'outbox')}`);
}

/** `<PUBLIC_URL>/api/email/verify/<token>` from the verification mail. */
export function verificationLink(dataDir: string, address: string): Promise<URL> {
  return waitForLink(dataDir, address, /https?:\/\/\S+\/api\/email\/verify\/[^\s]+/g, 'verification');
}

/** `<PUBLIC_URL>/reset-password-confirm?token=…&email=…` from the password-reset mail. */
export function resetLink(dataDir: string, address: string): Promise<URL> {
  return waitForLink(dataDir, address, /https?:\/\/\S+\/reset-password-confirm\?[^\s]+/g, 'password reset');
}

/** The text of a mail to `address` that holds `phrase`, waiting for it to arrive. */
export async function mailWith(dataDir: string, address: string, phrase: RegExp): Promise<string> {
  const deadline = Date.now() + MAIL_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = mailsTo(dataDir, address).find((mail) => phrase.test(mail.text));
    if (found !== undefined) return found.text;
    await delay(200);
  }
  throw new Error(`no mail with ${phrase} to ${address} in ${join(dataDir, 'outbox')}`);
}

/** `<PUBLIC_URL>/account/orders/<id>` from an order confirmation whose text also holds `phrase`. */
export async function orderConfirmationLink(dataDir: string, address: string, phrase: RegExp): Promise<URL> {
  const link = (await mailWith(dataDir, address, phrase)).match(/https?:\/\/\S+\/account\/orders\/\d+/)?.[0];
  if (link === undefined) throw new Error(`the order confirmation to ${address} has no link to its order`);
  return new URL(link);
}
