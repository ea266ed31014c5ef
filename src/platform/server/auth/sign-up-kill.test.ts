import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '@/features/accounts/tables'
import { type Database, openDatabase } from '@/platform/server/db/client'
import { pendingEmails } from '@/platform/server/lib/mail/tables'
import { projectRoot } from '@/platform/server/lib/paths'
import { STRONG_PASSWORD } from '@/test/accounts'
import { createTestDatabase } from '@/test/database'
import { buildServer } from '../../../../scripts/build-server.mjs'
import { accounts, users } from './tables'

/** The server bundled as `npm run build` bundles it, under dist/ (as main.test.ts does). */
const outdir = path.join(projectRoot, 'dist', 'test-server-sign-up', String(process.pid))
const entry = path.join(outdir, 'main.js')
beforeAll(async () => {
  await buildServer({ outdir, sourcemap: false })
})
afterAll(() => rmSync(path.dirname(entry), { recursive: true, force: true }))

/** Starts the real server; resolves with it and its port once it is ready (it answers 503 before). */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [entry], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', VALUE_IMPORT_INTERVAL_MINUTES: '0', ...env },
  })
  let output = ''
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d) => {
      output += d
    })
    child.stdout?.on('data', (d) => {
      output += d
      const port = output.match(/"port":(\d+)/)?.[1]
      if (port && output.includes('TradeHub is ready')) resolve({ child, port: Number(port) })
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)))
  })
}

const BURST = 30
/** The site's address, as the browser's Origin header names it (the server listens on a free port). */
const SITE = 'http://localhost:3000'

describe('sign-up under kill -9', () => {
  let database: (Database & { url?: string; drop?: () => Promise<void> }) | undefined
  let dataDir = ''
  afterAll(async () => {
    await (database?.drop ?? database?.close)?.()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('leaves every address with its whole account and verification mail, or with nothing', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tradehub-kill-'))
    // PostgreSQL when the run has one (a fresh test database), else PGlite in the server's DATA_DIR.
    const postgres = process.env.TEST_DATABASE_URL ? await createTestDatabase({ catalog: false }) : undefined
    database = postgres
    const { child, port } = await startServer({
      DATA_DIR: dataDir,
      PUBLIC_URL: SITE,
      TRUST_PROXY: 'true', // each sign-up from its own address: no per-address limit stops the burst
      ...(postgres?.url && { DATABASE_URL: postgres.url }),
    })
    const emails = Array.from({ length: BURST }, (_, i) => `burst-${i}@example.com`)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    const answers = emails.map((email, i) =>
      fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: {
          origin: SITE,
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.100.${i + 1}`,
        },
        body: JSON.stringify({ email, password: STRONG_PASSWORD, name: '', callbackURL: '/' }),
      }).then(
        (res) => res.status,
        () => 'cut',
      ),
    )
    // Killed as soon as the first sign-up is answered, with the others under way.
    await Promise.race(answers)
    child.kill('SIGKILL')
    await exited
    const statuses = await Promise.all(answers)
    expect(statuses.filter((s) => s === 200).length, String(statuses)).toBeGreaterThan(0)

    database ??= await openDatabase({ kind: 'pglite', dataDir })
    const db = database.db
    const made = await db.select().from(users).where(inArray(users.email, emails))
    for (const user of made) {
      const account = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
      const profile = await db.select().from(profiles).where(eq(profiles.userId, user.id))
      const mails = await db
        .select({ id: pendingEmails.id })
        .from(pendingEmails)
        .where(eq(pendingEmails.toEmail, user.email))
      expect({
        email: user.email,
        account: account.length,
        profile: profile.length,
        mails: mails.length,
      }).toEqual({ email: user.email, account: 1, profile: 1, mails: 1 })
    }
    // An address without an account has no mail either.
    const madeEmails = new Set(made.map((u) => u.email))
    const mailed = await db
      .select({ to: pendingEmails.toEmail })
      .from(pendingEmails)
      .where(inArray(pendingEmails.toEmail, emails))
    expect(mailed.filter((m) => !madeEmails.has(m.to))).toEqual([])
    // Every address answered 200 has its account.
    emails.forEach((email, i) => {
      if (statuses[i] === 200) expect(madeEmails).toContain(email)
    })
  }, 240_000)
})
