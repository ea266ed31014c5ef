// Development: the API server (bundled on change, restarted by node --watch) and Vite's dev server
// (reloads on change) together. Open http://localhost:5173; Vite forwards /api to the server on :3000.
// The server is bundled like `npm run build` does (scripts/build-server.mjs) so that it finds the
// features' manifests the same way (import.meta.glob).
import { spawn } from 'node:child_process'
import { context } from 'esbuild'
import { globImports } from './lib/glob-imports.mjs'

const bundle = await context({
  entryPoints: ['src/platform/server/main.ts'],
  outfile: 'dist/dev-server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [globImports],
})
await bundle.rebuild()
await bundle.watch()

const children = [
  spawn(process.execPath, ['--enable-source-maps', '--watch', 'dist/dev-server/main.js'], {
    stdio: 'inherit',
    // No drain on stop: node --watch restarts the server on every change (docs/decisions/044).
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEV_SERVER_ORIGIN: 'http://localhost:5173',
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
  void bundle.dispose()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
