import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Env } from '../env'

/**
 * The server secret: AUTH_SECRET, or one generated into DATA_DIR on first run (a developer's
 * machine). Instances that share a database must share AUTH_SECRET (required in production).
 */
export function resolveSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET
  const file = path.join(env.DATA_DIR, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(env.DATA_DIR, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
  return secret
}
