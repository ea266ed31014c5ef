import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { loadWebAssets } from './assets'

/** A built app with one script (`main.js`, big enough to be compressed) and a small robots.txt. */
function build() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-assets-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), '<html><head><!--app-head--></head></html>')
  writeFileSync(path.join(dir, 'assets/main.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`)
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n')
  return dir
}

describe('loadWebAssets', () => {
  it('uses the compressed copies the build wrote, and never serves them as files of their own', () => {
    const dir = build()
    writeFileSync(path.join(dir, 'assets/main.js.br'), 'brotli made by the build')
    writeFileSync(path.join(dir, 'assets/main.js.gz'), 'gzip made by the build')
    const web = loadWebAssets(dir)!
    expect([...web.files.keys()].sort()).toEqual(['/assets/main.js', '/robots.txt'])
    const main = web.files.get('/assets/main.js')!
    expect(main.brotli?.toString()).toBe('brotli made by the build')
    expect(main.gzip?.toString()).toBe('gzip made by the build')
  })

  it('compresses itself when the build wrote no copies, or copies older than the file', () => {
    const dir = build()
    const script = path.join(dir, 'assets/main.js')
    writeFileSync(`${script}.br`, 'stale')
    const past = new Date(Date.now() - 60_000)
    utimesSync(`${script}.br`, past, past)
    const main = loadWebAssets(dir)!.files.get('/assets/main.js')!
    expect(brotliDecompressSync(main.brotli!).toString()).toContain('console.log')
    expect(gunzipSync(main.gzip!).toString()).toContain('console.log')
    expect(loadWebAssets(dir)!.files.get('/robots.txt')).not.toHaveProperty('brotli')
  })
})
