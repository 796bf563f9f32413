// The operator's settings (ADR 0037): read with a version, saved only at that version, validated
// field by field, audited before → after, served by this node at once.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, settings } from '../../server/db/schema';
import { languageId } from './support/accounts';
import { createOperator, moneySuite, type TestCustomer } from './support/money';

const suite = moneySuite();
const db = () => suite.api.database.db;

const operator = () => createOperator(db());

async function read(op: TestCustomer) {
  const response = await suite.api.call('getOperatorSettings', { token: op.token });
  expect(response.status).toBe(200);
  return {
    settings: (response.body as { payload: Record<string, unknown> }).payload,
    etag: String(response.headers.etag),
  };
}

function save(op: TestCustomer, etag: string, body: Record<string, unknown>, langId?: number) {
  return suite.api.call('updateOperatorSettings', {
    token: op.token,
    headers: { 'if-match': etag },
    ...(langId === undefined ? {} : { query: { lang_id: langId } }),
    body,
  });
}

async function storedRows() {
  return db().select().from(settings).orderBy(settings.key);
}

describe('operator settings', () => {
  it('saves what changed, audits it before → after, and the storefront sees it at once', async () => {
    const op = await operator();
    const { settings: before, etag } = await read(op);
    // Read through the node's cache first, so an answer from it would be stale.
    expect((await suite.api.call('getSettings')).status).toBe(200);
    const audits = await db().select().from(auditLog).where(eq(auditLog.entity, 'settings'));
    const response = await save(op, etag, {
      vat_percent: 7,
      support_email: 'help@blockfront.example',
      min_top_up: before.min_top_up,
    });
    expect(response.status).toBe(200);
    expect(response.headers.etag).not.toBe(etag);
    expect(response.body).toMatchObject({
      payload: { vat_percent: 7, support_email: 'help@blockfront.example' },
    });
    expect((await suite.api.call('getSettings')).body).toMatchObject({ payload: { vat_percent: 7 } });
    const added = (await db().select().from(auditLog).where(eq(auditLog.entity, 'settings'))).slice(
      audits.length,
    );
    expect(added).toMatchObject([
      {
        actor: op.email,
        actorUserId: op.id,
        action: 'settings.update',
        entityId: 'store',
        // min_top_up was sent unchanged: not part of the change.
        before: { vat_percent: before.vat_percent, support_email: before.support_email },
        after: { vat_percent: 7, support_email: 'help@blockfront.example' },
      },
    ]);
    // The audit row is listed, newest first, filtered by entity and actor.
    const listed = await suite.api.call('listAuditLog', {
      token: op.token,
      query: { entity: 'settings', actor: op.email.toUpperCase() },
    });
    expect(listed.body).toMatchObject({
      payload: [{ action: 'settings.update', actor: op.email, entity_id: 'store' }],
    });
  });

  it('refuses a save made from an older version with a 412 and the current ETag; nothing changes', async () => {
    const first = await operator();
    const second = await operator();
    const { etag } = await read(first);
    const { etag: sameEtag } = await read(second);
    expect(sameEtag).toBe(etag);
    const saved = await save(first, etag, { copyright: 'First' });
    expect(saved.status).toBe(200);
    const rows = await storedRows();
    const late = await save(second, etag, { copyright: 'Second' });
    expect(late.status).toBe(412);
    expect(late.body).toEqual({
      status: 'ERROR',
      message: 'These settings were changed meanwhile. Reload them and save again.',
    });
    expect(late.headers.etag).toBe(saved.headers.etag);
    expect(await storedRows()).toEqual(rows);
    const german = await save(second, etag, { copyright: 'Second' }, await languageId(suite.api, 'de'));
    expect(german.body).toMatchObject({ message: expect.stringContaining('inzwischen geändert') });
  });

  it('refuses values out of range, field by field, and changes nothing', async () => {
    const op = await operator();
    const { etag } = await read(op);
    const rows = await storedRows();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ vat_percent: 101 }, 'vat_percent'],
      [{ vat_percent: -1 }, 'vat_percent'],
      [{ min_top_up: -5 }, 'min_top_up'],
      [{ min_top_up: 1.5 }, 'min_top_up'],
      [{ points_conversion_rate: 0 }, 'points_conversion_rate'],
      [{ payment_methods: ['cash'] }, 'payment_methods'],
      [{ support_email: 'not-an-address' }, 'support_email'],
      [{ internal_currency: { name: '' } }, 'internal_currency'],
      // The contract lets a blank coin name through; the setting's own rule does not.
      [{ internal_currency: { name: '   ' } }, 'internal_currency'],
      [{ game_server: { host: '', port: 25565 } }, 'game_server'],
      [{ nonsense: 1 }, 'nonsense'],
    ];
    for (const [body, field] of cases) {
      const response = await save(op, etag, body);
      expect(response.status, `${JSON.stringify(body)} ${JSON.stringify(response.body)}`).toBe(422);
      expect(
        Object.keys((response.body as { errors: Record<string, unknown> }).errors),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await storedRows()).toEqual(rows);
  });

  it('takes lang_id in the query, as every PATCH does: the language of the messages; in the body it is an unknown field', async () => {
    const op = await operator();
    const { etag } = await read(op);
    const de = await languageId(suite.api, 'de');
    const refused = await save(op, etag, { vat_percent: 7, internal_currency: { name: ' ' } }, de);
    expect(refused.status).toBe(422);
    expect(Object.keys((refused.body as { errors: Record<string, unknown> }).errors)).toEqual([
      'internal_currency',
    ]);
    const inBody = await save(op, etag, { lang_id: de, vat_percent: 7 });
    expect(inBody.status).toBe(422);
    expect(Object.keys((inBody.body as { errors: Record<string, unknown> }).errors)).toEqual(['lang_id']);
    const saved = await save(op, etag, { vat_percent: 7 }, de);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ payload: { vat_percent: 7 } });
    expect((await storedRows()).map((row) => row.key)).not.toContain('lang_id');
  });

  it('a save that changes nothing writes no audit row and keeps the version', async () => {
    const op = await operator();
    const { settings: current, etag } = await read(op);
    const audits = await db().select().from(auditLog);
    for (const change of [{ vat_percent: current.vat_percent }, {}]) {
      const response = await save(op, etag, change);
      expect(response.status).toBe(200);
      expect(response.headers.etag).toBe(etag);
    }
    expect(await db().select().from(auditLog)).toEqual(audits);
  });

  it('keeps the top-up packs (docs/product.md §3 top_up_presets) ascending; the storefront reads them', async () => {
    const op = await operator();
    const { settings: current, etag } = await read(op);
    // The demo store's packs: €5, €10, €25, €50 over its €5 minimum.
    expect(current).toMatchObject({ min_top_up: 500, top_up_presets: [500, 1000, 2500, 5000] });
    const saved = await save(op, etag, { top_up_presets: [2000, 700, 1500] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ payload: { top_up_presets: [700, 1500, 2000] } });
    const shown = await suite.api.call('getSettings');
    expect(shown.body).toMatchObject({ payload: { top_up_presets: [700, 1500, 2000] } });
    const none = await save(op, String(saved.headers.etag), { top_up_presets: [] });
    expect(none.body).toMatchObject({ payload: { top_up_presets: [] } });
  });

  it('refuses too many packs, one below min_top_up (the list or a new minimum) and one twice at top_up_presets', async () => {
    const op = await operator();
    const { etag } = await read(op);
    await save(op, etag, { min_top_up: 500, top_up_presets: [500, 1000] });
    const { etag: current } = await read(op);
    const rows = await storedRows();
    const de = await languageId(suite.api, 'de');
    const cases: Array<[Record<string, unknown>, string | RegExp, number?]> = [
      [{ top_up_presets: [500, 600, 700, 800, 900, 1000, 1100] }, /Top-up packs/],
      [{ top_up_presets: [1000, 1000] }, /Top-up packs/],
      [{ top_up_presets: [0, 1000] }, /Top-up packs/],
      [{ top_up_presets: [499, 1000] }, 'Each top-up pack must be at least the minimum top-up.'],
      // The packs stored are below the new minimum.
      [{ min_top_up: 800 }, 'Each top-up pack must be at least the minimum top-up.'],
      [{ min_top_up: 300, top_up_presets: [200] }, 'Each top-up pack must be at least the minimum top-up.'],
      [{ top_up_presets: [300] }, /Aufladepaket muss mindestens die Mindestaufladung/, de],
    ];
    for (const [body, message, langId] of cases) {
      const response = await save(op, current, body, langId);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body, JSON.stringify(body)).toMatchObject({
        status: 'ERROR',
        errors: { top_up_presets: [expect.stringMatching(message)] },
      });
      expect(Object.keys((response.body as { errors: object }).errors)).toEqual(['top_up_presets']);
    }
    expect(await storedRows()).toEqual(rows);
    // A lower minimum with packs at it is one change.
    const both = await save(op, current, { min_top_up: 300, top_up_presets: [300, 1000] });
    expect(both.status).toBe(200);
  });

  it('needs If-Match: without it a 400, with a malformed one a 400', async () => {
    const op = await operator();
    const missing = await suite.api.call('updateOperatorSettings', {
      token: op.token,
      body: { vat_percent: 3 },
    });
    expect(missing.status).toBe(400);
    expect((await save(op, 'W/"abc"', { vat_percent: 3 })).status).toBe(400);
  });
});
