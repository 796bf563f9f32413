/**
 * Import boundaries of docs/architecture.md §1, checked by `npm run lint` (`npm run lint:boundaries`):
 *   routes → features → components | machines → api; anything may import domain/;
 *   machines/ imports only xstate, zod, domain/ and types; server/ never meets src/ or machines/;
 *   agent/ (the store agent) imports machines/, domain/ and packages, never server/ or src/, and
 *   nothing of the store imports it;
 *   a feature folder does not import another feature's files, only the shared folders below;
 *   React Email (mail templates) is imported only under server/mail/.
 * tests/contract/boundaries.test.ts shows every rule failing on a forbidden import.
 */

/** Feature folders every feature may import: glue and building blocks shared by all screens. */
const SHARED_FEATURES = ['app', 'forms', 'shared'];

/**
 * Imports that break a rule today, to be moved where they belong.
 * dependency-cruiser reports them as ignored instead of failing. Shrink this list; never grow it:
 * a new import that breaks a rule is moved to where it belongs instead.
 */
const KNOWN_VIOLATIONS = [];

/** Packages bound to React or the DOM (resolved paths; node_modules may sit outside the project). */
const UI_PACKAGES =
  '(^|/)node_modules/(react|react-dom|scheduler|@tanstack/[^/]+|@xstate/react|react-aria-components|react-aria|react-intl|@react-aria/[^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules import one way: a cycle hides which of two modules owns a rule.',
      from: { path: '^(server|agent|domain|machines|src)/' },
      to: { circular: true },
    },
    {
      name: 'ledger-below-payments',
      severity: 'error',
      comment:
        'The ledger (balances, carts, idempotency keys) knows nothing of payments or orders: payments settle into it, checkout in server/orders composes both.',
      from: { path: '^server/ledger/' },
      to: { path: '^server/(payments|orders|delivery|handlers)/' },
    },
    {
      name: 'machines-no-ui',
      severity: 'error',
      comment:
        'machines/ is pure logic: no React, DOM bindings, router or screens (docs/architecture.md §1).',
      from: { path: '^machines/' },
      to: { path: [UI_PACKAGES, '^src/(routes|features|components|bootstrap|i18n)/', '^src/main\\.tsx$'] },
    },
    {
      name: 'machines-only-xstate-and-domain',
      severity: 'error',
      comment:
        'machines/ imports only xstate, zod, domain/ (with the generated contract types) and other machines.',
      from: { path: '^machines/' },
      to: {
        pathNot: ['^machines/', '^domain/', '(^|/)node_modules/(xstate|zod)/'],
      },
    },
    {
      name: 'components-no-machines-or-features',
      severity: 'error',
      comment: 'src/components is shared UI: it takes props and knows no machine, screen or route.',
      from: { path: '^src/components/' },
      to: { path: ['^machines/', '^src/(features|routes|bootstrap)/'] },
    },
    {
      name: 'features-no-routes',
      severity: 'error',
      comment: 'Routes import features, never the other way round.',
      from: { path: '^src/features/' },
      to: { path: '^src/routes/' },
    },
    {
      name: 'features-no-cross-feature',
      severity: 'error',
      comment: `A feature imports another feature's files only from a shared folder (${SHARED_FEATURES.join(', ')}).`,
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: ['^src/features/$1/', `^src/features/(${SHARED_FEATURES.join('|')})/`],
      },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      comment: 'server/ shares only openapi.yaml and domain/ with the client.',
      from: { path: '^server/' },
      to: { path: ['^src/', '^machines/'] },
    },
    {
      name: 'mail-templates-server-only',
      severity: 'error',
      comment:
        'React Email renders mails on the server (server/mail/, ADR 0050): no client bundle and no other module carries it.',
      from: { pathNot: '^server/mail/' },
      to: { path: '(^|/)node_modules/@react-email/' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'src/ and machines/ never import server/.',
      from: { path: ['^src/', '^machines/'] },
      to: { path: '^server/' },
    },
    {
      name: 'agent-not-store',
      severity: 'error',
      comment:
        'agent/ talks to the store over its API like any game server: never server/ or src/ (docs/architecture.md §1).',
      from: { path: '^agent/' },
      to: { path: '^(server|src)/' },
    },
    {
      name: 'store-not-agent',
      severity: 'error',
      comment:
        'The store agent is a program of its own: the app, the server and the machines never import it.',
      from: { path: '^(src|server|machines|domain)/' },
      to: { path: '^agent/' },
    },
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      comment: 'domain/ is pure rules everything imports; it imports none of our folders.',
      from: { path: '^domain/' },
      to: { path: '^(src|machines|server|agent|scripts|tests)/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ runs in the browser and on the server: no React, xstate or node APIs.',
      from: { path: '^domain/' },
      to: { path: [UI_PACKAGES, '(^|/)node_modules/xstate/'] },
    },
    {
      name: 'domain-no-node-apis',
      severity: 'error',
      comment: 'domain/ runs in the browser and on the server: no node APIs.',
      from: { path: '^domain/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and scripts may import every layer; the rules are about the app's own folders.
    exclude: { path: ['(^|/)node_modules/\\.vite', '^(tests|scripts|docs|dist|public|data|test-results)/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    skipAnalysisNotInRules: true,
    knownViolations: KNOWN_VIOLATIONS.flatMap(({ rule, to, from }) =>
      from.map((file) => ({ type: 'dependency', from: file, to, rule: { severity: 'error', name: rule } })),
    ),
  },
};
