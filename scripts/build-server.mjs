// Bundles the server into dist/server/main.js; packages stay external (installed in node_modules).
import { build } from 'esbuild'
import { globImports } from './lib/glob-imports.mjs'

await build({
  entryPoints: ['src/platform/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [globImports],
})
