import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** An ESTree node as `this.parse` returns it: only what this walk reads. */
interface Node {
  type: string;
  start: number;
  end: number;
  key?: Node & { name?: string; value?: unknown };
  value?: Node;
  computed?: boolean;
  [field: string]: unknown;
}

/**
 * The machines' `description` texts exist for the diagrams and the path records (scripts/diagrams.ts
 * reads the source machines, not the build): in the browser nothing reads them, and they were
 * about 2.7 KB of the start chunk's gzip (7 KB of prose). The production build replaces each
 * `description: …` property value in machines/ with `undefined`; dev and tests keep them (the
 * Stately inspector shows them).
 */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'blockfront:strip-machine-descriptions',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]machines[\\/].*\.ts$/.test(id) || !code.includes('description')) return null;
      const ast = this.parse(code) as unknown as Node;
      const output = new MagicString(code);
      let changed = false;
      walk(ast, (node) => {
        if (node.type !== 'Property' || node.computed || !node.key || !node.value) return;
        const name = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (name !== 'description' || node.value.type === 'Identifier') return;
        output.overwrite(node.value.start, node.value.end, 'undefined');
        changed = true;
      });
      return changed ? { code: output.toString(), map: output.generateMap({ hires: true }) } : null;
    },
  };
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (typeof node !== 'object' || node === null || typeof (node as Node).type !== 'string') return;
  visit(node as Node);
  for (const [field, value] of Object.entries(node)) {
    if (field !== 'type' && typeof value === 'object') walk(value, visit);
  }
}
