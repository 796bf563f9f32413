import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { balanceLedger } from '../../server/db/schema';
import {
  appendLedgerEntry,
  InsufficientFundsError,
  LedgerUserNotFoundError,
  ledgerBalance,
  lockBalance,
} from '../../server/ledger/ledger';
import { createTestDatabase } from './support/db';
import { cachedBalance, createCustomer, ledgerMismatches } from './support/money';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
afterEach(async () => {
  expect(await ledgerMismatches(database.db)).toEqual([]);
});

describe('appendLedgerEntry', () => {
  it('credits and debits, keeping the cached balance equal to the ledger sum', async () => {
    const { db } = database;
    const user = await createCustomer(db);
    const credit = await db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: user.id,
        amountMinor: 1000,
        reason: 'top_up',
        idempotencyKey: `c:${user.id}`,
      }),
    );
    expect(credit).toBe('applied');
    const debit = await db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: user.id,
        amountMinor: -250,
        reason: 'order',
        idempotencyKey: `d:${user.id}`,
      }),
    );
    expect(debit).toBe('applied');
    expect(await cachedBalance(db, user.id)).toBe(750);
    expect(await ledgerBalance(db, user.id)).toBe(750);
  });

  it('uses the balance its caller locked in the same transaction, not a second lock of the row', async () => {
    const { db } = database;
    const user = await createCustomer(db);
    const other = await createCustomer(db);
    await db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: user.id,
        amountMinor: 1000,
        reason: 'top_up',
        idempotencyKey: `l:${user.id}`,
      }),
    );
    const debit = {
      userId: user.id,
      amountMinor: -300,
      reason: 'order' as const,
      idempotencyKey: `ld:${user.id}`,
    };
    // The balance passed in is what the check sees: no second read of the row.
    await expect(
      db.transaction(async (tx) => {
        await lockBalance(tx, user.id);
        return appendLedgerEntry(tx, debit, { userId: user.id, balanceMinor: 200 });
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    // Another customer's locked balance says nothing of this one's: the row is locked and read.
    const applied = await db.transaction((tx) =>
      appendLedgerEntry(tx, debit, { userId: other.id, balanceMinor: 0 }),
    );
    expect(applied).toBe('applied');
    expect(await cachedBalance(db, user.id)).toBe(700);
  });

  it('answers duplicate for a repeated idempotency key and changes nothing', async () => {
    const { db } = database;
    const user = await createCustomer(db);
    const entry = {
      userId: user.id,
      amountMinor: 500,
      reason: 'top_up' as const,
      idempotencyKey: `dup:${user.id}`,
    };
    expect(await db.transaction((tx) => appendLedgerEntry(tx, entry))).toBe('applied');
    expect(await db.transaction((tx) => appendLedgerEntry(tx, entry))).toBe('duplicate');
    // The transaction stays usable after a duplicate (no aborted statement).
    const after = await db.transaction(async (tx) => {
      expect(await appendLedgerEntry(tx, entry)).toBe('duplicate');
      return appendLedgerEntry(tx, { ...entry, idempotencyKey: `dup2:${user.id}` });
    });
    expect(after).toBe('applied');
    expect(await cachedBalance(db, user.id)).toBe(1000);
    const rows = await db.select().from(balanceLedger).where(eq(balanceLedger.userId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('a repeated debit that the balance no longer covers is still a duplicate, not an error', async () => {
    const { db } = database;
    const user = await createCustomer(db, { balanceMinor: 300 });
    const debit = {
      userId: user.id,
      amountMinor: -200,
      reason: 'order' as const,
      idempotencyKey: `o:${user.id}`,
    };
    expect(await db.transaction((tx) => appendLedgerEntry(tx, debit))).toBe('applied');
    expect(await db.transaction((tx) => appendLedgerEntry(tx, debit))).toBe('duplicate');
    expect(await cachedBalance(db, user.id)).toBe(100);
  });

  it('refuses a debit beyond the balance with InsufficientFundsError and writes nothing', async () => {
    const { db } = database;
    const user = await createCustomer(db, { balanceMinor: 100 });
    const attempt = db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: user.id,
        amountMinor: -101,
        reason: 'order',
        idempotencyKey: `x:${user.id}`,
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(attempt).rejects.toMatchObject({ balanceMinor: 100, requiredMinor: 101 });
    expect(await cachedBalance(db, user.id)).toBe(100);
    const rows = await db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.idempotencyKey, `x:${user.id}`));
    expect(rows).toEqual([]);
  });

  it('a debit of exactly the balance leaves zero', async () => {
    const { db } = database;
    const user = await createCustomer(db, { balanceMinor: 100 });
    await db.transaction((tx) =>
      appendLedgerEntry(tx, {
        userId: user.id,
        amountMinor: -100,
        reason: 'order',
        idempotencyKey: `z:${user.id}`,
      }),
    );
    expect(await cachedBalance(db, user.id)).toBe(0);
  });

  it('rejects a zero or fractional amount and an unknown user', async () => {
    const { db } = database;
    const user = await createCustomer(db);
    for (const amountMinor of [0, 1.5, Number.NaN]) {
      await expect(
        db.transaction((tx) =>
          appendLedgerEntry(tx, {
            userId: user.id,
            amountMinor,
            reason: 'adjustment',
            idempotencyKey: `bad:${amountMinor}`,
          }),
        ),
      ).rejects.toBeInstanceOf(RangeError);
    }
    await expect(
      db.transaction((tx) =>
        appendLedgerEntry(tx, {
          userId: 987654,
          amountMinor: 1,
          reason: 'adjustment',
          idempotencyKey: 'nobody',
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerUserNotFoundError);
  });

  it('rolls back with the caller when the caller fails after the entry', async () => {
    const { db } = database;
    const user = await createCustomer(db, { balanceMinor: 500 });
    await expect(
      db.transaction(async (tx) => {
        await appendLedgerEntry(tx, {
          userId: user.id,
          amountMinor: -200,
          reason: 'order',
          idempotencyKey: `rb:${user.id}`,
        });
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await cachedBalance(db, user.id)).toBe(500);
  });

  it('20 parallel debits against a balance that covers 3: exactly 3 succeed', async () => {
    const { db } = database;
    const user = await createCustomer(db, { balanceMinor: 350 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((tx) =>
          appendLedgerEntry(tx, {
            userId: user.id,
            amountMinor: -100,
            reason: 'order',
            idempotencyKey: `p:${user.id}:${i}`,
          }),
        ),
      ),
    );
    const applied = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(applied).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const r of refused)
      expect(r.status === 'rejected' && r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await cachedBalance(db, user.id)).toBe(50);
  });

  it('20 parallel deliveries of one credit apply it once', async () => {
    const { db } = database;
    const user = await createCustomer(db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) =>
          appendLedgerEntry(tx, {
            userId: user.id,
            amountMinor: 700,
            reason: 'top_up',
            idempotencyKey: `once:${user.id}`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(await cachedBalance(db, user.id)).toBe(700);
  });
});
