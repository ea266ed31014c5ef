import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { BUILD_OUTPUTS, buildStatus, removeStamp, writeStamp } from './build-stamp.mjs'

const INPUTS = ['src', 'vite.config.ts', 'package-lock.json']

describe('is the build up to date', () => {
  let root = ''
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  const status = () => buildStatus(root, INPUTS)
  /** What a successful build does: writes its outputs, then the stamp of the sources it started from. */
  const build = async () => {
    const { sources } = await status()
    for (const file of BUILD_OUTPUTS) write(file, 'built')
    await writeStamp(root, sources)
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'tradehub-build-'))
    write('src/server/main.ts', 'server')
    write('src/web/index.html', '<html></html>')
    write('vite.config.ts', 'config')
    write('package-lock.json', '{}')
  })

  it('a checkout never built, or whose build never finished, is not', async () => {
    expect(await status()).toMatchObject({ upToDate: false, reason: 'no finished build' })
    for (const file of BUILD_OUTPUTS) write(file, 'half-written')
    expect((await status()).upToDate).toBe(false)
  })

  it('is right after a build, and stays so while nothing changes, known from the files’ sizes and times alone', async () => {
    await build()
    expect(await status()).toMatchObject({ upToDate: true, reason: 'up to date', checked: 'fingerprint' })
    expect(await status()).toMatchObject({ upToDate: true, checked: 'fingerprint' })
  })

  it('a file touched (or checked out again) with the same contents is read once, then known by its new time', async () => {
    await build()
    const file = path.join(root, 'src/server/main.ts')
    const later = new Date(statSync(file).mtimeMs + 60_000)
    utimesSync(file, later, later)
    expect(await status()).toMatchObject({ upToDate: true, checked: 'contents' })
    expect(await status()).toMatchObject({ upToDate: true, checked: 'fingerprint' })
  })

  it('a source edited to the same size is a change: its time differs', async () => {
    await build()
    const file = path.join(root, 'src/server/main.ts')
    const later = new Date(statSync(file).mtimeMs + 60_000)
    write('src/server/main.ts', 'SERVER')
    utimesSync(file, later, later)
    expect(await status()).toMatchObject({ upToDate: false, reason: 'sources changed since the last build' })
  })

  it('a stamp of an older build without the fingerprint is checked by contents', async () => {
    await build()
    const { sources } = await status()
    await writeStamp(root, { hash: sources.hash })
    expect(await status()).toMatchObject({ upToDate: true, checked: 'contents' })
    expect(await status()).toMatchObject({ upToDate: true, checked: 'fingerprint' })
  })

  it('is not once a source, the config or the lockfile changes, or a source is added, removed or renamed', async () => {
    const changes = [
      () => write('src/server/main.ts', 'server, edited'),
      () => write('vite.config.ts', 'other config'),
      () => write('package-lock.json', '{"packages":{}}'),
      () => write('src/web/new-page.tsx', 'page'),
      () => rmSync(path.join(root, 'src/web/index.html')),
      () => renameSync(path.join(root, 'src/server/main.ts'), path.join(root, 'src/server/entry.ts')),
    ]
    for (const [i, change] of changes.entries()) {
      await build()
      change()
      expect(await status(), `change ${i}`).toMatchObject({
        upToDate: false,
        reason: 'sources changed since the last build',
      })
    }
  })

  it('ignores test files, which are never part of the build', async () => {
    await build()
    write('src/server/main.test.ts', 'a test')
    write('src/web/lib/api.test.tsx', 'another')
    expect((await status()).upToDate).toBe(true)
  })

  it('is not when an output of the build is gone', async () => {
    await build()
    rmSync(path.join(root, BUILD_OUTPUTS[0]))
    expect(await status()).toMatchObject({ upToDate: false, reason: `${BUILD_OUTPUTS[0]} is missing` })
  })

  it('a build that starts removes the stamp, and one that left no output cannot stamp', async () => {
    await build()
    await removeStamp(root)
    expect((await status()).upToDate).toBe(false)
    rmSync(path.join(root, BUILD_OUTPUTS[1]))
    await expect(writeStamp(root, (await status()).sources)).rejects.toThrow(BUILD_OUTPUTS[1])
    expect((await status()).upToDate).toBe(false)
  })
})
