import { randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { hashToken, newToken } from '../../auth/tokens';
import type { Database } from '../database';
import { countries, gameServers, productCommands, products, serverSecrets, users } from '../schema';

/**
 * The demo network (ADR 0031): two game servers, commands for every demo product, and one operator
 * account. The servers' secrets are random and never shown: an operator rotates one to connect an
 * agent. The operator's password is random too; it is kept (server_secrets) only so that the start
 * log of a local store can print it.
 */

export const DEMO_OPERATOR_EMAIL = 'operator@blockfront.example';
const OPERATOR_PASSWORD_SECRET = 'demo_operator_password';

const servers = ['lobby', 'survival'] as const;
type Server = (typeof servers)[number];
type Command = [Server, string, 'online' | 'any'];

export const demoCommands: Record<string, Command[]> = {
  'rank-vip': [['lobby', 'lp user {player} parent add vip', 'any']],
  'rank-mvp': [['lobby', 'lp user {player} parent add mvp', 'any']],
  'rank-legend': [
    ['lobby', 'lp user {player} parent add legend', 'any'],
    ['survival', 'kit give legend {player}', 'online'],
  ],
  'emerald-pouch': [['survival', 'give {player} minecraft:emerald {quantity}', 'online']],
  'emerald-chest': [['survival', 'give {player} minecraft:emerald_block {quantity}', 'online']],
  'key-common': [['survival', 'crate key give {player} common {quantity}', 'any']],
  'key-epic': [['survival', 'crate key give {player} epic {quantity}', 'any']],
  'key-mythic-bundle': [
    ['survival', 'crate key give {player} mythic {quantity}', 'any'],
    ['survival', 'crate key give {player} epic {quantity}', 'any'],
  ],
  'ember-wings': [['lobby', 'lp user {player} permission set cosmetics.wings.ember true', 'any']],
  'fox-companion': [['lobby', 'lp user {player} permission set cosmetics.pet.fox true', 'any']],
  'rainbow-trail': [['lobby', 'lp user {player} permission set cosmetics.trail.rainbow true', 'any']],
  'name-color': [['lobby', 'lp user {player} meta setprefix 100 "&b"', 'any']],
};

/** A password the rule accepts: letters of both cases and a digit, 10 characters. */
function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const body = Array.from({ length: 7 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `Op${body}${randomInt(10)}`;
}

export async function seedDelivery(tx: Database): Promise<void> {
  await tx
    .insert(gameServers)
    .values(servers.map((name) => ({ name, secretHash: hashToken(`gs_${newToken()}`) })))
    .onConflictDoNothing();
  const serverIds = new Map((await tx.select().from(gameServers)).map((row) => [row.name, row.id]));
  const slugs = Object.keys(demoCommands);
  const productIds = new Map(
    (
      await tx
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(inArray(products.slug, slugs))
    ).map((row) => [row.slug, row.id]),
  );
  const rows = Object.entries(demoCommands).flatMap(([slug, commands]) => {
    const productId = productIds.get(slug);
    if (productId === undefined) return [];
    return commands.flatMap(([server, template, condition], position) => {
      const gameServerId = serverIds.get(server);
      return gameServerId === undefined ? [] : [{ productId, gameServerId, position, template, condition }];
    });
  });
  if (rows.length > 0) await tx.insert(productCommands).values(rows).onConflictDoNothing();

  const [exists] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_OPERATOR_EMAIL}`);
  if (exists !== undefined) return;
  const [country] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.iso, 'DE'));
  if (country === undefined) return;
  const password = randomPassword();
  await tx.insert(users).values({
    name: 'Olivia',
    surname: 'Operator',
    email: DEMO_OPERATOR_EMAIL,
    phone: '+49 30 901820',
    phoneE164: '+4930901820',
    passwordHash: await hashPassword(password),
    countryId: country.id,
    city: 'Berlin',
    emailVerifiedAt: new Date(),
    role: 'operator',
  });
  await tx
    .insert(serverSecrets)
    .values({ name: OPERATOR_PASSWORD_SECRET, value: password })
    .onConflictDoNothing();
}

/** The demo operator's sign-in, while its seeded password still works; null otherwise. */
export async function demoOperatorCredentials(
  db: Database,
): Promise<{ email: string; password: string } | null> {
  const [secret] = await db
    .select()
    .from(serverSecrets)
    .where(eq(serverSecrets.name, OPERATOR_PASSWORD_SECRET));
  const [user] = await db
    .select({ hash: users.passwordHash, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_OPERATOR_EMAIL}`);
  if (secret === undefined || user === undefined || user.role !== 'operator') return null;
  return (await verifyPassword(user.hash, secret.value))
    ? { email: DEMO_OPERATOR_EMAIL, password: secret.value }
    : null;
}
