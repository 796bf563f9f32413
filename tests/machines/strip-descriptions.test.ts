import { readFileSync } from 'node:fs';
import { parse } from 'acorn';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { stripMachineDescriptions } from '../../scripts/vite/strip-machine-descriptions';

type Transform = (
  this: { parse: (code: string) => unknown },
  code: string,
  id: string,
) => { code: string } | null;

function strip(code: string, id: string): string | null {
  const transform = stripMachineDescriptions().transform as Transform;
  const context = {
    parse: (source: string) => parse(source, { ecmaVersion: 'latest', sourceType: 'module' }),
  };
  return transform.call(context, code, id)?.code ?? null;
}

/** The build's view of a machine module: TypeScript already compiled to JavaScript. */
const compiled = (path: string) =>
  ts.transpileModule(readFileSync(path, 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;

describe('the build strips the machines’ description texts (first-load budget)', () => {
  it('app.ts: no description prose is left, and the module still builds the same machine', () => {
    const source = compiled('machines/app.ts');
    expect(source).toContain('Only a settings failure is fatal');
    const stripped = strip(source, '/repo/machines/app.ts');
    expect(stripped).not.toBeNull();
    expect(stripped).not.toContain('Only a settings failure is fatal');
    expect(stripped).not.toContain('retries by itself');
    expect(stripped).toContain("RETRY: { target: 'loading', actions: 'restart' }");
    expect(stripped).toContain('description: undefined');
  });

  it('leaves modules outside machines/ and a description that names a variable alone', () => {
    const code = "export const x = { description: 'kept' };";
    expect(strip(code, '/repo/src/features/x.ts')).toBeNull();
    expect(strip('const d = 1; export const m = { description: d };', '/repo/machines/m.ts')).toBeNull();
    expect(strip("export const m = { description: ['a', 'b'].join(' ') };", '/repo/machines/m.ts')).toBe(
      'export const m = { description: undefined };',
    );
  });
});
