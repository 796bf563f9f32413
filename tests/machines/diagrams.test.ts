import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { machines } from '../../machines/registry';
import { diagramFiles, readPathData, staleFiles } from '../../scripts/diagram-files';
import { machineEdges, toMermaid } from '../../scripts/mermaid';

describe('docs/diagrams', () => {
  const dir = resolve(import.meta.dirname, '../../docs/diagrams');
  const files = diagramFiles(machines, readPathData(dir));

  it('is up to date with machines/registry.ts and the path records (run npm run diagrams)', async () => {
    expect(await staleFiles(dir, files)).toEqual([]);
  });

  it('draws a page and a picture per registered machine, an index and the atlas; every machine described', () => {
    const names = Object.keys(machines).sort();
    expect([...files.keys()]).toEqual([
      'README.md',
      ...names.flatMap((n) => [`${n}.md`, `${n}.svg`]),
      ...names.map((n) => `${n}.html`),
      'index.html',
      'atlas.css',
      'atlas-zoom.js',
    ]);
    for (const [name, machine] of Object.entries(machines)) {
      expect(machine.root.description, name).toBeTruthy();
    }
  });
});

describe('toMermaid', () => {
  const sample = setup({
    guards: { isReady: () => true },
  }).createMachine({
    id: 'sample',
    initial: 'idle',
    on: { RESET: '.idle' },
    states: {
      idle: { on: { GO: { guard: 'isReady', target: 'busy' } } },
      busy: {
        type: 'parallel',
        states: {
          left: { initial: 'a', states: { a: { after: { 250: 'b' } }, b: { type: 'final' } } },
          right: { initial: 'a', states: { a: { on: { STOP: '#sample.done' } } } },
        },
      },
      done: { always: 'idle' },
    },
  });

  it('draws composite and parallel states, guards, delays, always, finals and root transitions', () => {
    expect(toMermaid(sample)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> sample',
        '  state sample {',
        '    [*] --> idle',
        '    state busy {',
        '      state left {',
        '        [*] --> busy_left_a',
        '        b --> [*]',
        '        busy_left_a --> b : after 250 ms',
        '      }',
        '      --',
        '      state right {',
        '        [*] --> busy_right_a',
        '      }',
        '    }',
        '    idle --> busy : GO [isReady]',
        '    busy --> done : STOP (busy.right.a → done)',
        '    done --> idle : always',
        '  }',
        '  sample --> sample : RESET (sample → idle)',
      ].join('\n'),
    );
  });

  it('lists every transition, always included, with its guard', () => {
    expect(machineEdges(sample).map((e) => [e.event, e.source.id, e.target.id, e.guard])).toEqual([
      ['RESET', 'sample', 'sample.idle', undefined],
      ['GO', 'sample.idle', 'sample.busy', 'isReady'],
      ['xstate.after.250.sample.busy.left.a', 'sample.busy.left.a', 'sample.busy.left.b', undefined],
      ['STOP', 'sample.busy.right.a', 'sample.done', undefined],
      ['', 'sample.done', 'sample.idle', undefined],
    ]);
  });
});
