import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database';
import { getOrCreateSecret } from '../db/secrets';

/**
 * Device tokens, as OWASP's "device cookies" (ADR 0015): after a successful sign-in the browser
 * keeps a token signed for that account, and a later sign-in attempt that carries it comes from
 * a device the owner has used. Such an attempt skips the per-account limit that throttles every
 * other client, so guessing from many addresses cannot lock the owner out of a known device.
 *
 * The token is no credential: it signs nobody in and unlocks nothing without the password, so the
 * cookie that carries it adds no CSRF surface (docs/architecture.md §3 keeps auth off cookies for that reason).
 * It is sent only to the sign-in route (Path), never readable by scripts (HttpOnly).
 */

export const DEVICE_COOKIE = 'bf_device';
/** A browser keeps tokens for this many accounts (newest first). */
const MAX_TOKENS = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const SECRET_NAME = 'device_token_secret';
const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, account: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device:${account}:${nonce}`, 'utf8').digest('base64url');
}

/** A new token for `account` (the normalized email address): `<nonce>.<HMAC of account and nonce>`. */
export function newDeviceToken(secret: string, account: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${signature(secret, account, nonce)}`;
}

/** The well-formed tokens of the device cookie in a Cookie header. */
export function deviceTokensIn(cookieHeader: string | undefined): string[] {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name !== DEVICE_COOKIE) continue;
    return value
      .join('=')
      .split('~')
      .filter((token) => TOKEN.test(token))
      .slice(0, MAX_TOKENS);
  }
  return [];
}

function signedFor(secret: string, account: string, token: string): boolean {
  const [, nonce = '', given = ''] = TOKEN.exec(token) ?? [];
  const expected = Buffer.from(signature(secret, account, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The id (nonce) of the device token signed for `account`, when the client carries one. */
export function knownDeviceOf(secret: string, account: string, tokens: string[]): string | undefined {
  const token = tokens.find((candidate) => signedFor(secret, account, candidate));
  return token?.split('.')[0];
}

/** The Set-Cookie value after a sign-in to `account`: a fresh token for it, then the others kept. */
export function deviceCookieAfterSignIn(
  secret: string,
  account: string,
  tokens: string[],
  secure: boolean,
): string {
  const kept = tokens.filter((token) => !signedFor(secret, account, token));
  const value = [newDeviceToken(secret, account), ...kept].slice(0, MAX_TOKENS).join('~');
  const attributes = [`Max-Age=${MAX_AGE_SECONDS}`, 'Path=/api/login', 'HttpOnly', 'SameSite=Strict'];
  if (secure) attributes.push('Secure');
  return `${DEVICE_COOKIE}=${value}; ${attributes.join('; ')}`;
}

const secrets = new WeakMap<Database, Promise<string>>();

/** The signing secret, kept in the database so every API node checks tokens alike. */
export function deviceSecret(db: Database): Promise<string> {
  let secret = secrets.get(db);
  if (secret === undefined) {
    secret = getOrCreateSecret(db, SECRET_NAME);
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}
