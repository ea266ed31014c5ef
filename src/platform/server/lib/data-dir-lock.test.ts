import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock'

describe('lockDataDir', () => {
  it('takes the lock and releases it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-lock-'))
    const release = lockDataDir(dir)
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(true)
    release()
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false)
  })

  it('refuses a folder held by another live process, naming it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-lock-'))
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    try {
      writeFileSync(path.join(dir, 'server.lock'), String(other.pid))
      expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError)
      expect(() => lockDataDir(dir)).toThrowError(new RegExp(`pid ${other.pid}`))
    } finally {
      other.kill()
    }
  })

  it('takes over a lock left by a process that has died', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tradehub-lock-'))
    const dead = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => dead.on('exit', resolve))
    writeFileSync(path.join(dir, 'server.lock'), String(dead.pid))
    const release = lockDataDir(dir)
    release()
  })
})
