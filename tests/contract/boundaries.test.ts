/**
 * The import boundaries of docs/architecture.md §1 (.dependency-cruiser.cjs, run by `npm run lint`): the project
 * passes, a fixture tree with one forbidden import per rule fails on each, and the allow-list of
 * today's violations names only imports that still exist.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const configFile = join(root, '.dependency-cruiser.cjs');

type Violation = { rule: string; from: string; to: string };

async function check(
  baseDir: string,
): Promise<{ violations: Violation[]; allowed: Violation[]; ignored: number; modules: number }> {
  const config = await extractDepcruiseOptions(configFile);
  const tsConfig = join(baseDir, 'tsconfig.json');
  const output = await cruise(
    ['.'],
    { ...config, baseDir, tsConfig: { fileName: tsConfig } },
    {},
    { tsConfig: extractTSConfig(tsConfig) },
  );
  const result = output.output as ICruiseResult;
  const shape = (v: ICruiseResult['summary']['violations'][number]) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
  });
  return {
    violations: result.summary.violations.filter((v) => v.rule.severity !== 'ignore').map(shape),
    // Every rule is an error: a violation softened to 'ignore' is one the allow-list matched.
    allowed: result.summary.violations.filter((v) => v.rule.severity === 'ignore').map(shape),
    ignored: result.summary.ignore ?? 0,
    modules: result.summary.totalCruised,
  };
}

describe('import boundaries on the project', () => {
  // One cruise of the project (~6 s) serves both tests.
  let project: Awaited<ReturnType<typeof check>>;
  beforeAll(async () => {
    project = await check(root);
  });

  it('hold: npm run lint passes', () => {
    expect(project.violations).toEqual([]);
    expect(project.modules).toBeGreaterThan(100);
  });

  it('allow-list only imports that still break a rule (remove an entry once its import is gone)', async () => {
    const config = await extractDepcruiseOptions(configFile);
    const known = (config.knownViolations ?? []).map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
    const stale = known.filter(
      (k) => !project.allowed.some((v) => v.rule === k.rule && v.from === k.from && v.to === k.to),
    );
    expect(stale).toEqual([]);
  });
});

/** One file per forbidden import (and a few allowed ones), laid out like the project. */
const FIXTURE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
  'domain/money.ts': "import type { components } from './contract';\nexport type M = components;\n",
  'domain/bad.ts':
    "import { readFileSync } from 'node:fs';\nimport { setup } from 'xstate';\nimport { x } from '../machines/ok';\nexport const y = [readFileSync, setup, x];\n",
  'domain/contract.d.ts': 'export interface components { a: 1 }\n',
  'machines/ok.ts':
    "import { setup } from 'xstate';\nimport type { M } from '../domain/money';\nexport const x = setup;\nexport type N = M;\n",
  'machines/ui.ts': "import { useState } from 'react';\nexport const y = useState;\n",
  'machines/screen.ts': "import { Page } from '../src/features/shop/Page';\nexport const y = Page;\n",
  'machines/fetches.ts': "import { request } from 'node:http';\nexport const y = request;\n",
  'machines/server.ts': "import { handler } from '../server/handler';\nexport const y = handler;\n",
  'src/components/Money.ts': "import { x } from '../../machines/ok';\nexport const y = x;\n",
  'src/components/Link.ts': "import { Page } from '../features/shop/Page';\nexport const y = Page;\n",
  'src/routes/shop.ts': "import { Page } from '../features/shop/Page';\nexport const route = Page;\n",
  'src/features/shop/Page.ts':
    "import { money } from '../../../domain/money';\nimport { route } from '../../routes/shop';\nexport const Page = [money, route];\n",
  'src/features/shop/Own.ts': "import { Page } from './Page';\nexport const y = Page;\n",
  'src/features/cart/Cart.ts': "import { Page } from '../shop/Page';\nexport const y = Page;\n",
  'src/features/cart/Shared.ts':
    "import { Heading } from '../shared/Heading';\nimport { Context } from '../app/Context';\nexport const y = [Heading, Context];\n",
  'src/features/shared/Heading.ts': 'export const Heading = 1;\n',
  'src/features/app/Context.ts': 'export const Context = 1;\n',
  'src/features/shop/Receipt.ts': "import { render } from '@react-email/render';\nexport const y = render;\n",
  'server/mail/templates.ts': "import { render } from '@react-email/render';\nexport const y = render;\n",
  'src/bootstrap/server.ts': "import { handler } from '../../server/handler';\nexport const y = handler;\n",
  'server/handler.ts': "import { money } from '../domain/money';\nexport const handler = money;\n",
  'server/client.ts': "import { Page } from '../src/features/shop/Page';\nexport const y = Page;\n",
  'server/machine.ts': "import { x } from '../machines/ok';\nexport const y = x;\n",
  'agent/main.ts':
    "import { x } from '../machines/ok';\nimport { money } from '../domain/money';\nimport { request } from 'node:http';\nexport const y = [x, money, request];\n",
  'agent/store.ts': "import { handler } from '../server/handler';\nexport const y = handler;\n",
  'agent/app.ts': "import { Page } from '../src/features/shop/Page';\nexport const y = Page;\n",
  'server/agent.ts': "import { y } from '../agent/main';\nexport const z = y;\n",
  'server/payments/settle.ts': "import { credit } from '../ledger/ledger';\nexport const settle = credit;\n",
  'server/ledger/ledger.ts':
    "import { settle } from '../payments/settle';\nexport const credit = 1;\nexport const y = settle;\n",
};

describe('import boundaries on a fixture with forbidden imports', () => {
  let dir = '';
  let violations: Violation[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'boundaries-'));
    for (const [file, text] of Object.entries(FIXTURE)) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
    await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    ({ violations } = await check(dir));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports every forbidden import, each under its rule, and nothing else', () => {
    const found = violations
      .map((v) => `${v.rule}: ${v.from} → ${v.to.replace(/^.*node_modules\/([^/]+).*$/, '$1')}`)
      .sort();
    expect(found).toEqual(
      [
        'agent-not-store: agent/app.ts → src/features/shop/Page.ts',
        'agent-not-store: agent/store.ts → server/handler.ts',
        'store-not-agent: server/agent.ts → agent/main.ts',
        'client-not-server: machines/server.ts → server/handler.ts',
        'client-not-server: src/bootstrap/server.ts → server/handler.ts',
        'components-no-machines-or-features: src/components/Link.ts → src/features/shop/Page.ts',
        'components-no-machines-or-features: src/components/Money.ts → machines/ok.ts',
        'domain-imports-nothing-of-ours: domain/bad.ts → machines/ok.ts',
        'domain-is-pure: domain/bad.ts → xstate',
        'domain-no-node-apis: domain/bad.ts → fs',
        'features-no-cross-feature: src/features/cart/Cart.ts → src/features/shop/Page.ts',
        'features-no-routes: src/features/shop/Page.ts → src/routes/shop.ts',
        'ledger-below-payments: server/ledger/ledger.ts → server/payments/settle.ts',
        'no-cycles: server/ledger/ledger.ts → server/payments/settle.ts',
        'no-cycles: src/features/shop/Page.ts → src/routes/shop.ts',
        'machines-no-ui: machines/screen.ts → src/features/shop/Page.ts',
        'machines-no-ui: machines/ui.ts → react',
        'machines-only-xstate-and-domain: machines/fetches.ts → http',
        'machines-only-xstate-and-domain: machines/screen.ts → src/features/shop/Page.ts',
        'machines-only-xstate-and-domain: machines/server.ts → server/handler.ts',
        'machines-only-xstate-and-domain: machines/ui.ts → react',
        'mail-templates-server-only: src/features/shop/Receipt.ts → @react-email',
        'server-not-client: server/client.ts → src/features/shop/Page.ts',
        'server-not-client: server/machine.ts → machines/ok.ts',
      ].sort(),
    );
  });
});
