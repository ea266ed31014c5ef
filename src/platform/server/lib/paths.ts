import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project root (the folder holding package.json), found the same way from src/ and dist/. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('package.json not found above the server code')
    dir = parent
  }
  return dir
}

export const projectRoot = findRoot()
export const migrationsDir = path.join(projectRoot, 'db/migrations')
export const catalogDir = path.join(projectRoot, 'catalog')
export const webDistDir = path.join(projectRoot, 'dist/web')
export const ssrDistDir = path.join(projectRoot, 'dist/ssr')

/** Where the server writes under DATA_DIR, besides the embedded database: avatars and the local mailbox. */
export const avatarsDir = (dataDir: string) => path.join(dataDir, 'uploads', 'avatars')
/** Dispute evidence: served only to those who may read the dispute, never as public files. */
export const evidenceDir = (dataDir: string) => path.join(dataDir, 'uploads', 'evidence')
export const mailboxDir = (dataDir: string) => path.join(dataDir, 'mail')
