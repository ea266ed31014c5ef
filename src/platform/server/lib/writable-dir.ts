import { accessSync, constants, mkdirSync } from 'node:fs'
import { access, mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Env } from '../env'
import { avatarsDir, mailboxDir } from './paths'

/** DATA_DIR cannot be used; its message is one line naming the folder, for the operator. */
export class DataDirError extends Error {}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error)

/**
 * Makes DATA_DIR if it is missing and checks the server may write in it, before anything is stored
 * there; otherwise throws DataDirError naming the folder and the reason.
 */
export function assertWritableDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true })
    accessSync(dataDir, constants.W_OK)
  } catch (error) {
    throw new DataDirError(
      `DATA_DIR ${path.resolve(dataDir)} is not a writable folder (${codeOf(error)}): ` +
        'fix its permissions or start with another DATA_DIR.',
    )
  }
}

/**
 * Why the server cannot write in `dir` (an error code such as EACCES, ENOTDIR, EEXIST for a file in
 * its place, EROFS), or null when it can. Makes the folder when it is missing, as its writers do.
 */
export async function whyNotWritable(dir: string): Promise<string | null> {
  try {
    await mkdir(dir, { recursive: true })
    await access(dir, constants.W_OK)
    return null
  } catch (error) {
    return codeOf(error)
  }
}

export type FolderState = 'ok' | 'not writable'

/**
 * The folders the server writes in while it runs (avatars; the local mailbox when mail is not sent over
 * SMTP), each ok or not writable, with a line per problem naming the folder's path and the reason.
 */
export async function checkStorage(env: Pick<Env, 'DATA_DIR' | 'SMTP_URL'>) {
  const folders: [name: string, dir: string][] = [
    ['uploads', avatarsDir(env.DATA_DIR)],
    ...(env.SMTP_URL ? [] : [['mail', mailboxDir(env.DATA_DIR)] as [string, string]]),
  ]
  const reasons = await Promise.all(folders.map(([, dir]) => whyNotWritable(dir)))
  const problems: string[] = []
  const states: Record<string, FolderState> = {}
  folders.forEach(([name, dir], i) => {
    const reason = reasons[i]
    states[name] = reason ? 'not writable' : 'ok'
    if (reason) problems.push(`${path.resolve(dir)} is not a writable folder (${reason})`)
  })
  return { ok: problems.length === 0, folders: states, problems }
}
