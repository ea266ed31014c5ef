import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { assertWritableDataDir, DataDirError, whyNotWritable } from './writable-dir'

// Tests run as root here, which ignores permission bits: a file where a folder should be is what
// fails for every user.
describe('writable folders', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'tradehub-writable-'))
  const file = path.join(root, 'a-file')
  writeFileSync(file, 'not a folder')

  it('makes a missing folder and accepts it', async () => {
    const dir = path.join(root, 'new', 'nested')
    expect(await whyNotWritable(dir)).toBeNull()
    expect(existsSync(dir)).toBe(true)
    expect(() => assertWritableDataDir(path.join(root, 'other'))).not.toThrow()
  })

  it('names the reason for a file in the folder’s place, or under it', async () => {
    expect(await whyNotWritable(file)).toBe('EEXIST')
    expect(await whyNotWritable(path.join(file, 'sub'))).toBe('ENOTDIR')
  })

  it('stops with one line naming DATA_DIR', () => {
    const dataDir = path.join(file, 'data')
    expect(() => assertWritableDataDir(dataDir)).toThrowError(DataDirError)
    expect(() => assertWritableDataDir(dataDir)).toThrowError(
      `DATA_DIR ${dataDir} is not a writable folder (ENOTDIR): fix its permissions or start with another DATA_DIR.`,
    )
  })
})
