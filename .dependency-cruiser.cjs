/**
 * The boundaries of the code, checked by `npm run lint` (docs/decisions/007-feature-registry.md):
 * the browser never loads server code, src/shared stands alone, infrastructure never reaches into a
 * feature, and a feature uses another feature only through that feature's `public.ts`.
 */
module.exports = {
  forbidden: [
    {
      name: 'web-imports-server',
      comment: 'Browser code may not import server code (it would ship to the browser, secrets and all).',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/(server|test)/' },
    },
    {
      name: 'shared-imports-a-side',
      comment: 'src/shared holds contracts and pure rules used by both sides: it imports neither side.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web|test)/' },
    },
    {
      name: 'server-feature-reaches-into-another',
      comment: "A server feature uses another only through that feature's public.ts.",
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/' },
      to: {
        path: '^src/server/features/',
        pathNot: ['^src/server/features/$1/', '^src/server/features/[^/]+/public[.]ts$'],
      },
    },
    {
      name: 'web-feature-reaches-into-another',
      comment: "A web feature uses another only through that feature's public.ts.",
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: {
        path: '^src/web/features/',
        pathNot: ['^src/web/features/$1/', '^src/web/features/[^/]+/public[.]ts$'],
      },
    },
    {
      name: 'infrastructure-imports-a-feature',
      comment:
        'Server infrastructure (lib, db, auth, context) serves features and never depends on one; only app.ts, runtime.ts and the registry list them.',
      severity: 'error',
      from: { path: '^src/server/(lib|db|auth|context[.]ts|env[.]ts)' },
      to: { path: '^src/server/(features|app[.]ts|runtime[.]ts|main[.]ts)' },
    },
    {
      name: 'server-imports-the-entry',
      comment: 'Nothing imports the app, the runtime or the entry point but the entry and the tests.',
      severity: 'error',
      from: { path: '^src/server/(features|lib|db|auth)/', pathNot: '[.]test[.]ts$' },
      to: { path: '^src/server/(app|runtime|main)[.]ts$' },
    },
    {
      name: 'web-shared-code-imports-a-feature',
      comment: 'Web primitives (lib, components) serve features and never depend on one.',
      severity: 'error',
      from: { path: '^src/web/(lib|components)/' },
      to: { path: '^src/web/features/' },
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
