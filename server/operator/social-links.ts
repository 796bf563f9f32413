import { asc, eq, max, sql } from 'drizzle-orm';
import type { components } from '../../domain/contract';
import { isHttpsLink } from '../../domain/social-links';
import { catalogueChanged } from '../catalogue/catalogue-changes';
import type { Database } from '../db/database';
import { socialLinks } from '../db/schema';
import { transaction } from '../db/statement';
import { type Actor, audit } from './audit';

type OperatorSocialLink = components['schemas']['OperatorSocialLink'];
type CreateInput = Omit<components['schemas']['SocialLinkCreateRequest'], 'lang_id'>;
type ChangeInput = Omit<components['schemas']['SocialLinkChangeRequest'], 'lang_id'>;

export type SocialLinkProblem = 'notHttps' | 'titleTaken';

/** Fields the store cannot keep, keyed as the contract's field errors. */
export class SocialLinkRefusedError extends Error {
  constructor(readonly problems: Partial<Record<'title' | 'link', SocialLinkProblem>>) {
    super(`Social link refused: ${Object.keys(problems).join(', ')}`);
    this.name = 'SocialLinkRefusedError';
  }
}

export async function listOperatorSocialLinks(db: Database): Promise<OperatorSocialLink[]> {
  return db
    .select({
      id: socialLinks.id,
      title: socialLinks.title,
      link: socialLinks.link,
      img: socialLinks.img,
      position: socialLinks.position,
    })
    .from(socialLinks)
    .orderBy(asc(socialLinks.position), asc(socialLinks.id));
}

async function problemsOf(tx: Database, input: ChangeInput, exceptId: number | null) {
  const problems: Partial<Record<'title' | 'link', SocialLinkProblem>> = {};
  if (input.link !== undefined && !isHttpsLink(input.link)) problems.link = 'notHttps';
  if (input.title !== undefined) {
    const [other] = await tx
      .select({ id: socialLinks.id })
      .from(socialLinks)
      .where(
        exceptId === null
          ? sql`lower(${socialLinks.title}) = lower(${input.title.trim()})`
          : sql`lower(${socialLinks.title}) = lower(${input.title.trim()}) and ${socialLinks.id} <> ${exceptId}`,
      )
      .limit(1);
    if (other !== undefined) problems.title = 'titleTaken';
  }
  if (Object.keys(problems).length > 0) throw new SocialLinkRefusedError(problems);
}

/** Titles are compared regardless of case: the lock keeps two saves from both passing the check. */
const lockLinks = (tx: Database) => tx.execute(sql`lock table social_links in share row exclusive mode`);

/** Adds a link (last unless `position` is given), with an audit row in the same transaction. */
export async function createSocialLink(
  db: Database,
  actor: Actor,
  input: CreateInput,
): Promise<OperatorSocialLink[]> {
  const links = await transaction(db, async (tx) => {
    await lockLinks(tx);
    await problemsOf(tx, input, null);
    const [last] = await tx.select({ position: max(socialLinks.position) }).from(socialLinks);
    const values = {
      title: input.title.trim(),
      link: input.link,
      img: input.img,
      position: input.position ?? (last?.position ?? -1) + 1,
    };
    const [row] = await tx.insert(socialLinks).values(values).returning({ id: socialLinks.id });
    const id = (row as { id: number }).id;
    await audit(tx, actor, {
      action: 'social_link.create',
      entity: 'social_link',
      entityId: id,
      after: { id, ...values },
    });
    return listOperatorSocialLinks(tx);
  });
  catalogueChanged(db);
  return links;
}

/**
 * Saves the fields of `change` that differ, with one audit row (before → after) in the same
 * transaction; null when there is no such link.
 */
export async function updateSocialLink(
  db: Database,
  actor: Actor,
  id: number,
  change: ChangeInput,
): Promise<OperatorSocialLink[] | null> {
  let changed = false;
  const links = await transaction(db, async (tx) => {
    await lockLinks(tx);
    const [current] = await tx.select().from(socialLinks).where(eq(socialLinks.id, id));
    if (current === undefined) return null;
    await problemsOf(tx, change, id);
    const next = { ...change, ...(change.title === undefined ? {} : { title: change.title.trim() }) };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of ['title', 'link', 'img', 'position'] as const) {
      const value = next[field];
      if (value === undefined || value === current[field]) continue;
      before[field] = current[field];
      after[field] = value;
    }
    if (Object.keys(after).length > 0) {
      await tx.update(socialLinks).set(after).where(eq(socialLinks.id, id));
      await audit(tx, actor, {
        action: 'social_link.update',
        entity: 'social_link',
        entityId: id,
        before,
        after,
      });
      changed = true;
    }
    return listOperatorSocialLinks(tx);
  });
  if (changed) catalogueChanged(db);
  return links;
}

/** Removes a link, with an audit row holding it; null when there is none. */
export async function deleteSocialLink(
  db: Database,
  actor: Actor,
  id: number,
): Promise<OperatorSocialLink[] | null> {
  const links = await transaction(db, async (tx) => {
    const [removed] = await tx.delete(socialLinks).where(eq(socialLinks.id, id)).returning();
    if (removed === undefined) return null;
    await audit(tx, actor, {
      action: 'social_link.delete',
      entity: 'social_link',
      entityId: id,
      before: removed,
    });
    return listOperatorSocialLinks(tx);
  });
  if (links !== null) catalogueChanged(db);
  return links;
}
