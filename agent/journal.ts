/**
 * The agent's journal (docs/decisions/0029-delivery-agent-journal.md): an append-only file of JSON
 * lines, the game server's own record of what it ran.
 *   {delivery_id, attempt, started}          fsynced before the command is sent
 *   {delivery_id, attempt, done, reply, outcome}  fsynced after the reply
 *   {delivery_id, attempt, abandoned, reason}  fsynced when the store refused the start mark: never sent
 *   {delivery_id, attempt, reported}        after the store acknowledged the result
 * A line cut off by a crash is a write that never returned, so its command was never sent: it is
 * ignored, and the next append starts on a line of its own.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { type DeliveryOutcome, type DeliveryResult, deliveryKey, replyOutcome } from '../machines/agent';

export interface AttemptRef {
  delivery_id: string | number;
  attempt: number;
}

export interface AttemptRecord extends AttemptRef {
  started?: string;
  done?: string;
  reply?: string;
  outcome?: DeliveryOutcome;
  reported?: DeliveryOutcome;
  abandoned?: string;
  reason?: string;
}

export class JournalError extends Error {
  readonly kind = 'journal' as const;
}

export class Journal {
  private readonly fd: number;
  private readonly attempts = new Map<string, AttemptRecord>();
  /** Lines that could not be read (a torn last line after a crash). */
  readonly skipped: number;

  private constructor(
    readonly path: string,
    fd: number,
    lines: string[],
  ) {
    this.fd = fd;
    let skipped = 0;
    for (const line of lines) {
      if (line.trim() === '') continue;
      let record: AttemptRecord;
      try {
        record = JSON.parse(line) as AttemptRecord;
      } catch {
        skipped += 1;
        continue;
      }
      if (
        typeof record !== 'object' ||
        record === null ||
        Array.isArray(record) ||
        record.delivery_id === undefined ||
        typeof record.attempt !== 'number'
      ) {
        skipped += 1;
        continue;
      }
      this.merge(record);
    }
    this.skipped = skipped;
  }

  /** Opens (or creates) the journal at `path` and reads what it holds. */
  static open(path: string): Journal {
    try {
      mkdirSync(dirname(path), { recursive: true });
      const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
      const fd = openSync(path, 'a');
      // A torn last line must not swallow the next record.
      if (text.length > 0 && !text.endsWith('\n')) {
        writeSync(fd, '\n');
        fsyncSync(fd);
      }
      return new Journal(path, fd, text.split('\n'));
    } catch (error) {
      throw new JournalError(`The journal ${path} cannot be opened: ${(error as Error).message}`);
    }
  }

  private merge(record: AttemptRecord): void {
    const key = deliveryKey(record);
    const known = this.attempts.get(key) ?? { delivery_id: record.delivery_id, attempt: record.attempt };
    const merged = { ...known, ...record };
    // Whichever of started and abandoned came last holds: an abandoned attempt leased again may start.
    if (record.started !== undefined) delete merged.abandoned;
    if (record.abandoned !== undefined) delete merged.started;
    this.attempts.set(key, merged);
  }

  private append(record: AttemptRecord, sync: boolean): void {
    try {
      writeSync(this.fd, `${JSON.stringify(record)}\n`);
      if (sync) fsyncSync(this.fd);
    } catch (error) {
      throw new JournalError(`The journal ${this.path} cannot be written: ${(error as Error).message}`);
    }
    this.merge(record);
  }

  get(ref: AttemptRef): AttemptRecord | undefined {
    return this.attempts.get(deliveryKey(ref));
  }

  /** Written and on disk before the command is sent. */
  started(ref: AttemptRef, at = new Date()): void {
    this.append({ delivery_id: ref.delivery_id, attempt: ref.attempt, started: at.toISOString() }, true);
  }

  /** Written and on disk once the game server replied. */
  done(ref: AttemptRef, reply: string, at = new Date()): void {
    this.append(
      {
        delivery_id: ref.delivery_id,
        attempt: ref.attempt,
        done: at.toISOString(),
        reply,
        outcome: replyOutcome(reply),
      },
      true,
    );
  }

  /** The store refused the start mark: the command was not sent and this attempt is not ours. */
  abandoned(ref: AttemptRef, reason: string, at = new Date()): void {
    this.append(
      { delivery_id: ref.delivery_id, attempt: ref.attempt, abandoned: at.toISOString(), reason },
      true,
    );
  }

  /** The store acknowledged these results. Not fsynced: reporting one again changes nothing. */
  reported(results: DeliveryResult[]): void {
    for (const r of results) {
      this.append({ delivery_id: r.delivery_id, attempt: r.attempt, reported: r.outcome }, false);
    }
  }

  /**
   * What the store has not acknowledged: done attempts with their outcome and reply, and attempts
   * started but never done as `uncertain` (they may have run; they are never run again).
   */
  unreported(): DeliveryResult[] {
    const results: DeliveryResult[] = [];
    for (const record of this.attempts.values()) {
      if (record.reported !== undefined || record.started === undefined) continue;
      const ref = { delivery_id: record.delivery_id, attempt: record.attempt };
      if (record.done !== undefined) {
        const reply = record.reply ?? '';
        results.push({ ...ref, outcome: record.outcome ?? replyOutcome(reply), reply });
      } else {
        results.push({ ...ref, outcome: 'uncertain' });
      }
    }
    return results;
  }

  close(): void {
    closeSync(this.fd);
  }
}
