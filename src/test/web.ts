import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadWebAssets } from '@/server/lib/web/assets'

/** A minimal built web app (an index.html with the head marker), for tests of server-rendered heads. */
export function fakeWeb() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-web-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), '<html><head><!--app-head--></head><body></body></html>')
  return loadWebAssets(dir)!
}
