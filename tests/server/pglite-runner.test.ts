import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { PGLITE_INTERNALS, pgliteRunner } from '../../server/db/pglite-runner';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
}, 60_000);
afterAll(() => client?.close());

describe('the PGlite runner, the one module on PGlite internals', () => {
  it('runs on an exactly pinned PGlite: an upgrade is a reviewed change, never a caret', () => {
    expect(packageJson.dependencies['@electric-sql/pglite']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each(PGLITE_INTERNALS)(
    'finds %s on the PGlite of package.json (changed in an upgrade if not)',
    (name) => {
      expect(typeof (client as unknown as Record<string, unknown>)[name], `PGlite.${name}`).toBe('function');
    },
  );

  it('prepares once, then binds and reads typed rows, in and out of a transaction', async () => {
    const prepared = new Map();
    const outside = pgliteRunner(client, prepared, 'outside');
    const statement = { name: 'bf_test_runner', text: 'select $1::int * 2 as n, $2::text as s' };
    expect(await outside(statement, [21, 'x'])).toEqual([{ n: 42, s: 'x' }]);
    expect(prepared.has('bf_test_runner')).toBe(true);
    const inside = pgliteRunner(client, prepared, 'inside');
    await client.transaction(async () => {
      expect(await inside(statement, [1, null])).toEqual([{ n: 2, s: null }]);
    });
  });
});
