import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Journal, JournalError } from '../../agent/journal';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const journalPath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'blockfront-journal-'));
  dirs.push(dir);
  return join(dir, 'nested', 'agent-journal.jsonl');
};
const a = { delivery_id: 12, attempt: 1 };
const b = { delivery_id: 13, attempt: 1 };
const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('agent journal', () => {
  it('appends JSON lines: started before, done with the reply after, and creates missing folders', () => {
    const path = journalPath();
    const journal = Journal.open(path);
    journal.started(a, new Date('2026-11-26T08:00:00Z'));
    journal.done(a, 'Added Steve to group vip', new Date('2026-11-26T08:00:01Z'));
    journal.close();
    expect(lines(path)).toEqual([
      { delivery_id: 12, attempt: 1, started: '2026-11-26T08:00:00.000Z' },
      {
        delivery_id: 12,
        attempt: 1,
        done: '2026-11-26T08:00:01.000Z',
        reply: 'Added Steve to group vip',
        outcome: 'done',
      },
    ]);
  });

  it('after a restart: done but unacknowledged → done with its reply; started but not done → uncertain; reported → nothing', () => {
    const path = journalPath();
    const first = Journal.open(path);
    first.started(a);
    first.done(a, 'Gave 1 [Common Key] to Steve');
    first.started(b);
    first.started({ delivery_id: 14, attempt: 1 });
    first.done({ delivery_id: 14, attempt: 1 }, 'Unknown or incomplete command, see below for error');
    first.started({ delivery_id: 15, attempt: 2 });
    first.done({ delivery_id: 15, attempt: 2 }, 'ok');
    first.reported([{ delivery_id: 15, attempt: 2, outcome: 'done' }]);
    first.close();

    const again = Journal.open(path);
    expect(again.unreported()).toEqual([
      { delivery_id: 12, attempt: 1, outcome: 'done', reply: 'Gave 1 [Common Key] to Steve' },
      { delivery_id: 13, attempt: 1, outcome: 'uncertain' },
      {
        delivery_id: 14,
        attempt: 1,
        outcome: 'failed',
        reply: 'Unknown or incomplete command, see below for error',
      },
    ]);
    expect(again.get(b)?.started).toBeDefined();
    expect(again.get(b)?.done).toBeUndefined();
    expect(again.get({ delivery_id: 12, attempt: 2 })).toBeUndefined();
  });

  it('keeps attempts apart: a requeued attempt of a started delivery is new', () => {
    const path = journalPath();
    const journal = Journal.open(path);
    journal.started(a);
    expect(journal.get({ delivery_id: 12, attempt: 2 })).toBeUndefined();
    journal.started({ delivery_id: 12, attempt: 2 });
    journal.done({ delivery_id: 12, attempt: 2 }, 'ok');
    expect(journal.unreported().map((r) => [r.attempt, r.outcome])).toEqual([
      [1, 'uncertain'],
      [2, 'done'],
    ]);
  });

  it('an abandoned attempt (start mark refused) was never sent: not reported, and may start when leased again', () => {
    const path = journalPath();
    const journal = Journal.open(path);
    journal.started(a);
    journal.abandoned(a, 'the store refused the start mark');
    journal.close();
    const again = Journal.open(path);
    expect(again.unreported()).toEqual([]);
    expect(again.get(a)?.started).toBeUndefined();
    again.started(a);
    expect(Journal.open(path).unreported()).toEqual([{ ...a, outcome: 'uncertain' }]);
  });

  it('ignores a line cut off by a crash, and the next record starts on a line of its own', () => {
    const path = journalPath();
    const journal = Journal.open(path);
    journal.started(a);
    journal.done(a, 'ok');
    journal.close();
    appendFileSync(path, '{"delivery_id":13,"attempt":1,"sta');
    const again = Journal.open(path);
    expect(again.skipped).toBe(1);
    expect(again.get(b)).toBeUndefined();
    again.started(b);
    again.close();
    const reopened = Journal.open(path);
    expect(reopened.skipped).toBe(1);
    expect(reopened.get(b)?.started).toBeDefined();
    expect(reopened.unreported().map((r) => [r.delivery_id, r.outcome])).toEqual([
      [12, 'done'],
      [13, 'uncertain'],
    ]);
  });

  it('reads records of other shapes as unreadable, not as attempts', () => {
    const path = journalPath();
    Journal.open(path).close();
    writeFileSync(path, '[1,2]\n{"attempt":1}\nnull\n');
    expect(Journal.open(path).skipped).toBe(3);
  });

  it('fails with a journal error when the file cannot be opened', () => {
    const path = journalPath();
    Journal.open(path).close();
    expect(() => Journal.open(join(path, 'inside-a-file.jsonl'))).toThrow(JournalError);
  });
});
