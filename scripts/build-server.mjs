// Bundles the server into dist/server: main.js, which locks DATA_DIR and listens, and the chunks it loads
// once it listens (the app, the database client). The npm packages are bundled too (a start then reads
// a few files, not hundreds: docs/decisions/052-listen-first.md), except those that load native code or
// WebAssembly and data files beside their own modules, which stay in node_modules.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { globImports } from './lib/glob-imports.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Loaded from node_modules at run time: PGlite (WebAssembly, its data bundle), sharp (libvips), pg's optional native driver. */
export const EXTERNAL_PACKAGES = ['@electric-sql/pglite', 'sharp', 'pg-native']

/**
 * Bundled packages written as CommonJS call `require`, and some read `__filename`/`__dirname`: in an
 * ES module they are made here, at the top of every output file.
 */
const COMMONJS_GLOBALS = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __pathDirname } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __pathDirname(__filename);',
].join(' ')

/** Builds the server into `outdir` (emptied first), as `npm run build` does into dist/server. */
export async function buildServer({ outdir = path.join(root, 'dist/server'), sourcemap = true } = {}) {
  rmSync(outdir, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/platform/server/main.ts' },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    banner: { js: COMMONJS_GLOBALS },
    sourcemap,
    logLevel: 'warning',
    plugins: [globImports],
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer()
