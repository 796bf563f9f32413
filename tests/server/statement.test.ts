import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, executeRows } from '../../server/db/client';
import { defineStatement, runStatement, transaction } from '../../server/db/statement';
import { createTestDatabase } from './support/db';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ contents: 'empty' });
  await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const typed = defineStatement<{ n: number; f: number; b: boolean; s: string; none: string | null }>(
  'bf_test_typed',
  `select $1::int + 1 as n, $2::float8 / 2 as f, $3::boolean as b, $4 || '!' as s, null::text as none`,
);
const insertNote = defineStatement(
  'bf_test_insert_note',
  'insert into notes (id, body) values ($1::int, $2)',
);
const noteCount = defineStatement<{ n: number }>(
  'bf_test_note_count',
  'select count(*)::int as n from notes',
);

describe('prepared statements', () => {
  it('answer the same JavaScript values on the fast path, in transactions and through Drizzle', async () => {
    const expected = [{ n: 42, f: 1.25, b: true, s: "it's $1 'quoted' ü!", none: null }];
    const params = [41, 2.5, true, "it's $1 'quoted' ü"];
    expect(await runStatement(database.db, typed, params)).toEqual(expected);
    expect(await runStatement(database.db, typed, params)).toEqual(expected);
    expect(await transaction(database.db, (tx) => runStatement(tx, typed, params))).toEqual(expected);
    // A transaction not begun by transaction(): the statement goes through Drizzle.
    expect(await database.db.transaction((tx) => runStatement(tx, typed, params))).toEqual(expected);
  });

  it('are prepared statements of the connection inside transaction() too, not parsed again each run', async () => {
    const preparedInTransaction = await transaction(database.db, async (tx) => {
      await runStatement(tx, noteCount, []);
      return executeRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where name = ${noteCount.name}`,
      );
    });
    expect(preparedInTransaction).toEqual([{ name: noteCount.name }]);
  });

  it('keep parameters as data, never as SQL', async () => {
    const hostile = "x'); drop table notes; --";
    await runStatement(database.db, insertNote, [1, hostile]);
    const rows = await executeRows<{ body: string }>(database.db, sql`select body from notes where id = 1`);
    expect(rows).toEqual([{ body: hostile }]);
  });

  it('run inside transaction() and roll back with it', async () => {
    const before = (await runStatement(database.db, noteCount, []))[0]?.n ?? 0;
    await expect(
      transaction(database.db, async (tx) => {
        await runStatement(tx, insertNote, [2, 'in a transaction']);
        expect((await runStatement(tx, noteCount, []))[0]?.n).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await runStatement(database.db, noteCount, []))[0]?.n).toBe(before);
  });

  it('never run inside a transaction another caller has open', async () => {
    const before = (await runStatement(database.db, noteCount, []))[0]?.n ?? 0;
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const open = transaction(database.db, async (tx) => {
      await runStatement(tx, insertNote, [3, 'uncommitted']);
      inserted();
      await released;
      throw new Error('roll back');
    });
    await insertedSignal;
    // Issued while the transaction is open between two of its queries: it must neither see the
    // uncommitted row nor run as part of that transaction.
    const count = runStatement(database.db, noteCount, []);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(open).rejects.toThrow('roll back');
    expect((await count)[0]?.n).toBe(before);
  });

  it('surface database errors with their SQLSTATE and keep working after them', async () => {
    await expect(runStatement(database.db, insertNote, [1, 'duplicate'])).rejects.toMatchObject({
      code: '23505',
    });
    expect((await runStatement(database.db, typed, [1, 1, false, 'ok']))[0]?.n).toBe(2);
  });

  it('have unique, well-formed names', () => {
    expect(() => defineStatement('bf_test_typed', 'select 1')).toThrow('defined twice');
    expect(() => defineStatement('Bad-Name', 'select 1')).toThrow('must match');
  });
});
