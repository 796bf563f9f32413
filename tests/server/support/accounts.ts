import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import { forgetSettings } from '../../../server/catalogue/settings-cache';
import { balanceLedger, countries, sessions, settings, users, userTokens } from '../../../server/db/schema';
import { registrationForm } from '../../support/fixtures';
import { SAFETY_NET } from '../../support/timeouts';
import { createTestApi, type TestApi, type TestApiOptions } from './api';

export { languageId } from './money';

/** Helpers for the auth and account tests: sign-ups, the outbox, and a snapshot of the account tables. */

export const PASSWORD = registrationForm.password;
export const PUBLIC_URL = 'http://shop.test';

const roomy = { max: 100_000, windowMs: 60_000 };
/** The sensitive-operation limits are tested with the plumbing; these tests sign up many customers. */
export const roomyLimits: TestApiOptions = {
  rateLimits: { global: roomy, perIp: roomy, perAccountIp: roomy, perAccount: roomy, accountMails: roomy },
};

let sequence = 0;

/** The app for an auth or account test file: roomy limits, and `welcomeBonus` coins for each sign-up. */
export async function accountsApi(welcomeBonus: number): Promise<TestApi> {
  const api = await createTestApi(roomyLimits);
  await setSetting(api, 'welcome_bonus_tokens', welcomeBonus);
  return api;
}

export function uniqueEmail(prefix = 'alex'): string {
  sequence += 1;
  return `${prefix}.${sequence}.${process.pid}@example.com`;
}

/** The id of the first row the query finds; `what` names what was looked for when there is none. */
async function onlyId(rows: PromiseLike<Array<{ id: number }>>, what: string): Promise<number> {
  const [row] = await rows;
  if (row === undefined) throw new Error(`no ${what}`);
  return row.id;
}

export function countryId(api: TestApi, iso: string): Promise<number> {
  const { db } = api.database;
  return onlyId(
    db.select({ id: countries.id }).from(countries).where(eq(countries.iso, iso)),
    `country ${iso}`,
  );
}

export async function setSetting(api: TestApi, key: string, value: unknown): Promise<void> {
  await api.database.db.update(settings).set({ value }).where(eq(settings.key, key));
  forgetSettings(api.database.db);
}

/** A valid sign-up payload (a German customer) with a fresh address. */
export async function registration(api: TestApi, overrides: Record<string, unknown> = {}) {
  return {
    ...registrationForm,
    email: uniqueEmail(),
    country: await countryId(api, 'DE'),
    ...overrides,
  };
}

export interface Customer {
  email: string;
  token: string;
  userId: number;
}

export async function signUp(api: TestApi, overrides: Record<string, unknown> = {}): Promise<Customer> {
  const body = await registration(api, overrides);
  const response = await api.call('register', { body });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.text}`);
  const token = (response.body as { access_token: string }).access_token;
  const email = body.email.toLowerCase();
  const [user] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (user === undefined) throw new Error('the new user is not stored');
  return { email, token, userId: user.id };
}

/** The decoded text of a raw message: quoted-printable soft breaks joined, =XX bytes as UTF-8. */
export function decoded(eml: string): string {
  const parts = eml.replace(/=\r?\n/g, '').split(/=([0-9A-F]{2})/);
  const bytes = parts.map((part, i) =>
    i % 2 === 1 ? Buffer.from([Number.parseInt(part, 16)]) : Buffer.from(part),
  );
  return Buffer.concat(bytes).toString('utf8');
}

/** Decoded messages the app wrote to its outbox for one address, oldest first. */
export function mailsTo(api: TestApi, address: string): string[] {
  return api
    .outbox()
    .map(decoded)
    .filter((mail) => /^To: (.*)$/m.exec(mail)?.[1]?.trim() === address.toLowerCase());
}

/** Waits for a message the app sends after answering (the password reset mail). */
export async function waitForMail(api: TestApi, address: string, count: number): Promise<string[]> {
  for (let waited = 0; waited < SAFETY_NET.waitMs; waited += 20) {
    const mails = mailsTo(api, address);
    if (mails.length >= count) return mails;
    await sleep(20);
  }
  throw new Error(`no ${count}. mail to ${address}`);
}

const VERIFY_LINK = /http:\/\/shop\.test\/api\/email\/verify\/([A-Za-z0-9_-]{43})(?=\s)/;
const RESET_LINK =
  /http:\/\/shop\.test\/reset-password-confirm\?token=([A-Za-z0-9_-]{43})&email=([^\s"<&]+)(?=\s)/;

export function verificationTokenIn(mail: string | undefined): string {
  const token = VERIFY_LINK.exec(mail ?? '')?.[1];
  if (token === undefined) throw new Error(`no verification link in:\n${mail}`);
  return token;
}

export function resetLinkIn(mail: string | undefined): { token: string; email: string } {
  const match = RESET_LINK.exec(mail ?? '');
  if (match?.[1] === undefined || match[2] === undefined) throw new Error(`no reset link in:\n${mail}`);
  return { token: match[1], email: decodeURIComponent(match[2]) };
}

const SIGN_IN_LINK = /http:\/\/shop\.test\/login\/link\?token=([A-Za-z0-9_-]{43})&email=([^\s"<&]+)(?=\s)/;

export function signInLinkIn(mail: string | undefined): { token: string; email: string } {
  const match = SIGN_IN_LINK.exec(mail ?? '');
  if (match?.[1] === undefined || match[2] === undefined) throw new Error(`no sign-in link in:\n${mail}`);
  return { token: match[1], email: decodeURIComponent(match[2]) };
}

/** Every row of the tables the account operations write, to assert that a refused request changed nothing. */
export async function accountTables(api: TestApi) {
  const db = api.database.db;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    sessions: await db.select().from(sessions).orderBy(asc(sessions.id)),
    userTokens: await db.select().from(userTokens).orderBy(asc(userTokens.id)),
    ledger: await db.select().from(balanceLedger).orderBy(asc(balanceLedger.id)),
    outbox: api.outbox().length,
  };
}

export async function userRow(api: TestApi, userId: number) {
  const [row] = await api.database.db.select().from(users).where(eq(users.id, userId));
  if (row === undefined) throw new Error(`no user ${userId}`);
  return row;
}

/** A refused field of a profile: what is wrong, the fields sent over a valid form, the field, its message. */
export type FieldRefusal = [what: string, overrides: Record<string, unknown>, field: string, message: string];

/** `field` refused with `message` for each value (by what is wrong with it), all else valid. */
const refusals = (field: string, message: string, values: Record<string, unknown>): FieldRefusal[] =>
  Object.entries(values).map(([what, value]) => [what, { [field]: value }, field, message]);

/** The profile rules of docs/product.md §7 that sign-up and the profile edit share, each broken once. */
export const PROFILE_FIELD_REFUSALS: FieldRefusal[] = [
  ...refusals('name', 'Name is required', { 'an empty name': '', 'a blank name': '  ' }),
  ...refusals('surname', 'Surname is required', { 'an empty surname': '' }),
  ...refusals('country', 'Country is required', { 'an unknown country': 999_999 }),
  ...refusals('city', 'City is required', { 'a blank city': ' ' }),
  ...refusals('phone', 'Phone number is required', { 'an empty phone': '' }),
  [
    'a number of no country',
    { phone: '+800 1234 5678', phoneE164: '+80012345678' },
    'phone',
    'This country is not supported',
  ],
];
