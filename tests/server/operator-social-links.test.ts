// The home page's social links in the console (docs/architecture.md §3b): listed with their
// positions, added, changed and removed with an audit row in the same transaction, a link only an
// https URL and a title unique regardless of case, and GET /social-links showing the change at once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isHttpsLink } from '../../domain/social-links';
import { catalogueGeneration } from '../../server/catalogue/catalogue-changes';
import { auditLog } from '../../server/db/schema';
import { errorsOf } from './support/api';
import { createCustomer, operatorSuite } from './support/money';

const suite = operatorSuite();
const db = () => suite.api.database.db;

interface OperatorSocialLink {
  id: number;
  title: string;
  link: string;
  img: string;
  position: number;
}

const listOf = (body: unknown) => (body as { payload: OperatorSocialLink[] }).payload;
const operatorLinks = async () =>
  listOf((await suite.api.call('listOperatorSocialLinks', { token: suite.op.token })).body);
const storeLinks = async () =>
  (
    (await suite.api.call('listSocialLinks', {})).body as {
      payload: Array<{ id: number; title: string; link: string; img: string }>;
    }
  ).payload;
const create = (body: Record<string, unknown>, token = suite.op.token) =>
  suite.api.call('createSocialLink', { token, body });
const update = (id: number, body: Record<string, unknown>, token = suite.op.token) =>
  suite.api.call('updateSocialLink', { token, params: { id }, body });
const remove = (id: number, token = suite.op.token) =>
  suite.api.call('deleteSocialLink', { token, params: { id } });

const auditsOf = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'social_link'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

const twitch = {
  title: 'Twitch',
  link: 'https://www.twitch.tv/blockfront',
  img: '/images/social/twitch.svg',
};

describe('the operator social links', () => {
  it("lists the seeded links in the home page's order with their positions", async () => {
    const links = await operatorLinks();
    expect(links.map((l) => [l.title, l.position])).toEqual([
      ['Discord', 0],
      ['YouTube', 1],
      ['Instagram', 2],
      ['X', 3],
    ]);
    expect((await storeLinks()).map((l) => l.title)).toEqual(links.map((l) => l.title));
  });

  it('adds a link last, audited, and the store lists it at once', async () => {
    const generation = catalogueGeneration(db());
    const created = await create(twitch);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const added = listOf(created.body).at(-1) as OperatorSocialLink;
    expect(added).toMatchObject({ ...twitch, position: 4 });
    expect((await storeLinks()).at(-1)).toEqual({ id: added.id, ...twitch });
    expect(catalogueGeneration(db())).toBeGreaterThan(generation);
    expect(
      (await auditsOf(added.id)).map(({ actor, action, before, after }) => ({
        actor,
        action,
        before,
        after,
      })),
    ).toEqual([{ actor: suite.op.email, action: 'social_link.create', before: null, after: added }]);
  });

  it('changes only what is sent, with the fields before → after, and reorders by position', async () => {
    const added = (await operatorLinks()).find((l) => l.title === 'Twitch') as OperatorSocialLink;
    const moved = await update(added.id, { position: 0, title: 'Twitch TV' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(listOf(moved.body).map((l) => l.title)).toEqual([
      'Discord',
      'Twitch TV',
      'YouTube',
      'Instagram',
      'X',
    ]);
    expect((await storeLinks()).map((l) => l.title)).toEqual([
      'Discord',
      'Twitch TV',
      'YouTube',
      'Instagram',
      'X',
    ]);
    expect((await auditsOf(added.id)).at(-1)).toMatchObject({
      action: 'social_link.update',
      before: { title: 'Twitch', position: 4 },
      after: { title: 'Twitch TV', position: 0 },
    });
    const audits = (await auditsOf(added.id)).length;
    expect((await update(added.id, { position: 0 })).status).toBe(200);
    expect(await auditsOf(added.id)).toHaveLength(audits);
  });

  it('refuses a link that is not https, and a title taken regardless of case, with field errors', async () => {
    const before = await operatorLinks();
    for (const link of [
      'javascript:alert(1)',
      'http://example.com/',
      '/relative',
      'data:text/html,x',
      'https://user:pw@example.com/',
      ' https://example.com/',
    ]) {
      const refused = await create({ ...twitch, title: 'Other', link });
      expect(refused.status, link).toBe(422);
      expect(errorsOf(refused.body), link).toEqual({ link: ['Enter an address starting with https://.'] });
    }
    const taken = await create({ ...twitch, title: 'discord' });
    expect(taken.status).toBe(422);
    expect(errorsOf(taken.body)).toEqual({ title: ['A social link with this title exists already.'] });
    const discord = before[0] as OperatorSocialLink;
    const youtube = before.find((l) => l.title === 'YouTube') as OperatorSocialLink;
    const both = await update(youtube.id, { title: 'DISCORD', link: 'javascript:void(0)' });
    expect(errorsOf(both.body)).toEqual({
      title: ['A social link with this title exists already.'],
      link: ['Enter an address starting with https://.'],
    });
    expect((await update(discord.id, { title: 'Discord' })).status).toBe(200);
    const badImage = await create({ ...twitch, title: 'Other', img: 'javascript:x' });
    expect(badImage.status).toBe(422);
    expect(Object.keys(errorsOf(badImage.body) ?? {})).toEqual(['img']);
    expect(await operatorLinks()).toEqual(before);
  });

  it('removes a link, audited; 404 for one that is not there', async () => {
    const added = (await operatorLinks()).find((l) => l.title === 'Twitch TV') as OperatorSocialLink;
    const removed = await remove(added.id);
    expect(removed.status).toBe(200);
    expect(listOf(removed.body).map((l) => l.title)).toEqual(['Discord', 'YouTube', 'Instagram', 'X']);
    expect((await storeLinks()).map((l) => l.title)).not.toContain('Twitch TV');
    expect((await auditsOf(added.id)).at(-1)).toMatchObject({
      action: 'social_link.delete',
      before: { id: added.id, title: 'Twitch TV' },
      after: null,
    });
    expect((await remove(added.id)).status).toBe(404);
    expect((await update(added.id, { position: 1 })).status).toBe(404);
  });

  it('answers 401 without a session and 403 to a customer, and changes nothing', async () => {
    const customer = await createCustomer(db());
    const before = await operatorLinks();
    const first = before[0] as OperatorSocialLink;
    expect((await suite.api.call('listOperatorSocialLinks', {})).status).toBe(401);
    expect((await suite.api.call('listOperatorSocialLinks', { token: customer.token })).status).toBe(403);
    expect((await create({ ...twitch, title: 'Mine' }, customer.token)).status).toBe(403);
    expect((await update(first.id, { title: 'Mine' }, customer.token)).status).toBe(403);
    expect((await remove(first.id, customer.token)).status).toBe(403);
    expect((await suite.api.call('deleteSocialLink', { params: { id: first.id } })).status).toBe(401);
    expect(await operatorLinks()).toEqual(before);
  });
});

describe('isHttpsLink', () => {
  it('takes an absolute https URL only', () => {
    expect(isHttpsLink('https://discord.com/')).toBe(true);
    expect(isHttpsLink('HTTPS://discord.com/invite/x')).toBe(true);
    for (const link of [
      'https://',
      'https:/x',
      'javascript:x',
      'ftp://x.org',
      'mailto:a@b.c',
      'https://a b.com',
    ]) {
      expect(isHttpsLink(link), link).toBe(false);
    }
  });
});
