import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DataDirError } from './writable-dir'

/** Another running server holds DATA_DIR. */
export class DataDirLockedError extends DataDirError {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite puts no lock on its folder and two processes on one folder corrupt it, so the server
 * holds `DATA_DIR/server.lock` (its pid) while it runs. A lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `DATA_DIR ${path.resolve(dataDir)} is in use by another running server (pid ${pid}). ` +
            'Stop it, or start this one with another DATA_DIR or with DATABASE_URL.',
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}`)
}
