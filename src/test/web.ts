import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { projectRoot } from '@/platform/server/lib/paths'
import { type CreatePageRenderer, loadPageRenderer, loadWebAssets } from '@/platform/server/lib/web/assets'

let renderer: Promise<CreatePageRenderer> | undefined

/** The web app's page renderer, built as `npm run build` builds it (once per test process). */
function builtRenderer(): Promise<CreatePageRenderer> {
  renderer ??= (async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'tradehub-ssr-'))
    const vite = path.join(projectRoot, 'node_modules/vite/bin/vite.js')
    const args = [
      vite,
      'build',
      '--ssr',
      'entry-server.tsx',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ]
    // As `npm run build` builds it: React's production build, whatever NODE_ENV the tests run with.
    const env = { ...process.env, NODE_ENV: 'production' }
    const build = spawnSync(process.execPath, args, { cwd: projectRoot, encoding: 'utf8', env })
    if (build.status !== 0) throw new Error(`page renderer build failed: ${build.stderr}`)
    return (await loadPageRenderer(outDir))!
  })()
  return renderer
}

/**
 * A minimal built web app (an index.html with the head, page and data markers), for tests of what the
 * server sends for a page. `rendered`: with the web app's page renderer, as `npm start` has it.
 */
export async function fakeWeb({ rendered = false } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-web-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
  )
  const web = loadWebAssets(dir)!
  if (rendered) web.createRenderer = await builtRenderer()
  return web
}
