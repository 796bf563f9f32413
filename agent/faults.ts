/**
 * Fault injection for the fault suite (npm run test:faults): `AGENT_KILL_AT=<point>:<n>`
 * kills this process with SIGKILL — as `kill -9` would, nothing flushed, no handler run — the n-th time
 * the loop passes <point>. Unset, it does nothing.
 */
export const KILL_POINTS = ['lease', 'journal-started', 'rcon-reply', 'journal-done', 'report'] as const;
export type KillPoint = (typeof KILL_POINTS)[number];

export interface Faults {
  reached(point: KillPoint): void;
}

export function faultsFrom(spec: string | undefined): Faults {
  if (!spec) return { reached: () => undefined };
  const [point, count = '1'] = spec.split(':');
  if (!KILL_POINTS.includes(point as KillPoint) || !/^[1-9]\d*$/.test(count)) {
    throw new Error(`AGENT_KILL_AT must be <point>:<n> with a point of ${KILL_POINTS.join(', ')}`);
  }
  let left = Number(count);
  return {
    reached(at) {
      if (at !== point) return;
      left -= 1;
      if (left === 0) process.kill(process.pid, 'SIGKILL');
    },
  };
}
