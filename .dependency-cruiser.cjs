/**
 * The boundaries of the code, checked by `npm run lint` with the feature graph
 * (scripts/feature-graph.mjs, no cycle between features). docs/architecture.md explains them:
 * the browser never loads server code; src/shared stands alone; the platform's building blocks never
 * reach into a feature; a feature uses another only through its public entries (its top-level contract
 * and rules files, its server/public.ts from server code, its web/public.ts from web code).
 */
const TESTS = '([.]test[.]tsx?|-test-setup[.]ts)$'

module.exports = {
  forbidden: [
    {
      name: 'web-imports-server',
      comment: 'Browser code may not import server code (it would ship to the browser, secrets and all).',
      severity: 'error',
      from: { path: '^src/(platform/web|features/[^/]+/web)/' },
      to: { path: '^src/(platform/server|features/[^/]+/server|features/[^/]+/tables[.]ts$)' },
    },
    {
      name: 'web-imports-test-helpers',
      comment: 'Only tests use the test helpers (src/test): the browser never ships them.',
      severity: 'error',
      from: { path: '^src/(platform/web|features/[^/]+/web)/', pathNot: TESTS },
      to: { path: '^src/test/' },
    },
    {
      name: 'contract-imports-a-side',
      comment:
        "A feature's top-level files (contract, rules, pages) are read by both sides: they import neither.",
      severity: 'error',
      from: { path: '^src/features/[^/]+/[^/]+[.]tsx?$', pathNot: ['tables[.]ts$', TESTS] },
      to: { path: '^src/(platform/server|platform/web|features/[^/]+/(server|web)/|test)' },
    },
    {
      name: 'shared-imports-a-side',
      comment: 'src/shared holds what every feature uses: it imports neither side, nor any feature.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: TESTS },
      to: { path: '^src/(platform|features|test)/' },
    },
    {
      name: 'feature-reaches-into-another',
      comment:
        "A feature uses another only through its public entries: its top-level contract and rules (never its tables.ts), its server/public.ts, its web/public.ts. A feature's tables may reference another's tables (foreign keys).",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/', pathNot: [TESTS, '^src/features/[^/]+/tables[.]ts$'] },
      to: {
        path: '^src/features/',
        pathNot: [
          '^src/features/$1/',
          '^src/features/[^/]+/(?!tables[.]ts$)[^/]+[.]tsx?$',
          '^src/features/[^/]+/server/public[.]ts$',
          '^src/features/[^/]+/web/public[.]tsx?$',
        ],
      },
    },
    {
      name: 'platform-block-imports-a-feature',
      comment:
        "The platform's building blocks (db, lib, UI primitives) serve features and never depend on one; only the composition roots (the HTTP app, the runtime, the router and shell, auth's account hooks) list or call them.",
      severity: 'error',
      from: { path: '^src/platform/(server/(db|lib)|web/(lib|components))/', pathNot: TESTS },
      to: { path: '^src/features/' },
    },
    {
      name: 'server-imports-the-entry',
      comment: 'Nothing imports the app, the runtime or the entry point but the entry and the tests.',
      severity: 'error',
      from: { path: '^src/(features|platform/server/(lib|db|auth))/', pathNot: TESTS },
      to: { path: '^src/platform/server/(app|runtime|main|features)[.]ts$' },
    },
    {
      name: 'no-circular',
      comment: 'Modules that need each other at run time cannot be understood (or loaded) one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
}
