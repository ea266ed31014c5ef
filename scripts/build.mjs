// Builds the web app (Vite) into dist/web, pre-compressed, its server-side page renderer into
// dist/ssr, and the server bundle into dist/server, then stamps dist/ with the hash of the sources it
// was built from and their sizes and modification times (an unchanged checkout is recognised by those
// without reading its files).
//   node scripts/build.mjs               always builds (npm run build)
//   node scripts/build.mjs --if-changed  builds only when the sources differ from the stamp (npm start)
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildStatus, removeStamp, writeStamp } from './lib/build-stamp.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const status = await buildStatus(root)
if (process.argv.includes('--if-changed') && status.upToDate) {
  console.log('Build is up to date (sources unchanged): not building.')
  process.exit(0)
}
if (process.argv.includes('--if-changed')) console.log(`Building: ${status.reason}.`)

// A build that fails or is stopped half-way leaves no stamp: the next start builds again.
await removeStamp(root)
for (const args of [
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'entry-server.tsx'],
  ['scripts/build-server.mjs'],
]) {
  // React's production build, whatever NODE_ENV the shell has.
  const env = { ...process.env, NODE_ENV: 'production' }
  const step = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env })
  if (step.status !== 0) {
    console.error(`Build failed: node ${args.join(' ')} exited with ${step.status ?? step.signal}`)
    process.exit(1)
  }
}
const { precompress } = await import('./lib/precompress.mjs')
await precompress(path.join(root, 'dist/web'))
await writeStamp(root, status.sources)
