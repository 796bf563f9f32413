/** `npm run size` fails a build that carries the development-only Stately inspector (docs/architecture.md §6). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectorTraces } from '../../scripts/inspector-traces';

const dir = mkdtempSync(join(tmpdir(), 'inspector-traces-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inspectorTraces', () => {
  it('names the built files that contain the inspector, and only those', () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'export const app = 1;');
    writeFileSync(join(dir, 'assets', 'inspect-def.js'), 'window.open("https://stately.ai/inspect");');
    writeFileSync(join(dir, 'assets', 'style.css'), '/* @statelyai/inspect */');
    expect(inspectorTraces(dir)).toEqual([join(dir, 'assets', 'inspect-def.js')]);
  });
});
