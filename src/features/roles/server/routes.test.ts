import { count, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditListResponse } from '@/features/admin/contract'
import { roleListResponseSchema } from '@/features/roles/contract'
import { userRoles } from '@/features/roles/tables'
import { requireStockManager } from '@/platform/server/auth/session'
import { defineFeature } from '@/platform/server/context'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { createMagicLinkUser, errorOf, meOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import rolesFeature from './manifest'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const PRIMARY = 'primary@example.com'
let t: TestApp
let primary: string
let n = 0

/** A new signed-in user of a fresh address. */
async function newUser(prefix = 'user') {
  const email = `${prefix}-${++n}@example.com`
  const { cookie } = await createMagicLinkUser(t, email)
  return { email, cookie, id: (await meOf(t, cookie)).id }
}

const grant = (cookie: string, body: unknown) => send(t, '/api/admin/roles', { body, cookie })
const revoke = (cookie: string, role: string, userId: string) =>
  send(t, `/api/admin/roles/${role}/${userId}`, { method: 'DELETE', cookie })

async function grantCount() {
  const [row] = await t.database.db.select({ n: count() }).from(userRoles)
  return row!.n
}

beforeAll(async () => {
  t = await createTestApp({ catalog: false, env: { ADMIN_EMAIL: PRIMARY } })
  primary = (await createMagicLinkUser(t, PRIMARY)).cookie
})
afterAll(() => t.close())

describe('roles: /api/admin/roles', () => {
  it('the primary admin adds an admin by e-mail, who is then an admin on the next request, and lists them', async () => {
    const other = await newUser()
    expect((await meOf(t, other.cookie)).isAdmin).toBe(false)
    expect((await send(t, '/api/admin/roles', { cookie: other.cookie })).status).toBe(403)

    const res = await grant(primary, { email: ` ${other.email.toUpperCase()} `, role: 'admin' })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      userId: other.id,
      email: other.email,
      role: 'admin',
      grantedBy: PRIMARY,
      primary: false,
    })
    const me = await meOf(t, other.cookie)
    expect(me.isAdmin).toBe(true)
    expect(me.stockManagerGames).toEqual(['grow-a-garden', 'blox-fruits'])
    expect((await send(t, '/api/admin/roles', { cookie: other.cookie })).status).toBe(200)

    const list = roleListResponseSchema.parse(
      await (await send(t, '/api/admin/roles', { cookie: primary })).json(),
    )
    expect(list.grants[0]).toMatchObject({ email: PRIMARY, role: 'admin', primary: true, grantedBy: null })
    expect(list.grants).toContainEqual(
      expect.objectContaining({ email: other.email, role: 'admin', primary: false, grantedBy: PRIMARY }),
    )
  })

  it('answers the spec messages word for word, and changes nothing on bad input', async () => {
    const other = await newUser()
    const before = await grantCount()
    const missing = await grant(primary, { email: 'nobody-here@example.com', role: 'admin' })
    expect(await errorOf(missing)).toMatchObject({
      status: 404,
      message: 'User with email nobody-here@example.com not found',
    })

    expect((await grant(primary, { email: other.email, role: 'admin' })).status).toBe(201)
    const twice = await grant(primary, { email: other.email, role: 'admin' })
    expect(await errorOf(twice)).toMatchObject({
      status: 409,
      message: `User ${other.email} is already an admin`,
    })
    const primaryTwice = await grant(primary, { email: PRIMARY, role: 'admin' })
    expect(await errorOf(primaryTwice)).toMatchObject({
      status: 409,
      message: `User ${PRIMARY} is already an admin`,
    })

    const me = await meOf(t, primary)
    const removePrimary = await revoke(primary, 'admin', me.id)
    expect(await errorOf(removePrimary)).toMatchObject({
      status: 403,
      message: 'Cannot remove the primary admin user',
    })
    // Another admin cannot remove the primary admin either.
    const removeByOther = await revoke(other.cookie, 'admin', me.id)
    expect(await errorOf(removeByOther)).toMatchObject({
      status: 403,
      message: 'Cannot remove the primary admin user',
    })
    expect((await meOf(t, primary)).isAdmin).toBe(true)

    const after = await grantCount()
    expect(after).toBe(before + 1)
    for (const body of [
      { email: 'not-an-email', role: 'admin' },
      { email: other.email, role: 'owner' },
      { email: other.email, role: 'adopt-me-stock-manager' },
      { email: other.email, role: 'admin', extra: 1 },
      { role: 'admin' },
      { email: other.email, username: 'someone', role: 'admin' },
      'not json',
    ]) {
      const res = await send(t, '/api/admin/roles', {
        cookie: primary,
        ...(typeof body === 'string'
          ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: undefined }
          : { body }),
      })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    const noGrant = await revoke(primary, 'blox-fruits-stock-manager', other.id)
    expect(await errorOf(noGrant)).toMatchObject({
      status: 404,
      message: 'This user does not have that role',
    })
    expect((await revoke(primary, 'owner', other.id)).status).toBe(400)
    expect((await revoke(primary, 'admin', 'no-such-user')).status).toBe(404)
    expect(await grantCount()).toBe(after)
  })

  it('grants a Grow a Garden stock manager by username, who manages that game only, then removes them', async () => {
    const manager = await newUser()
    await send(t, '/api/profile/username', { body: { username: `gag_manager_${n}` }, cookie: manager.cookie })
    const res = await grant(primary, { username: `GAG_MANAGER_${n}`, role: 'grow-a-garden-stock-manager' })
    expect(res.status).toBe(201)
    const me = await meOf(t, manager.cookie)
    expect(me).toMatchObject({ isAdmin: false, stockManagerGames: ['grow-a-garden'] })
    // A stock manager is no admin.
    expect((await send(t, '/api/admin/roles', { cookie: manager.cookie })).status).toBe(403)
    const again = await grant(primary, { email: manager.email, role: 'grow-a-garden-stock-manager' })
    expect(await errorOf(again)).toMatchObject({
      status: 409,
      message: `User ${manager.email} is already a Grow a Garden stock manager`,
    })
    const unknown = await grant(primary, { username: 'nobody_at_all', role: 'blox-fruits-stock-manager' })
    expect(await errorOf(unknown)).toMatchObject({
      status: 404,
      message: 'User with username nobody_at_all not found',
    })

    expect((await revoke(primary, 'grow-a-garden-stock-manager', manager.id)).status).toBe(204)
    expect((await meOf(t, manager.cookie)).stockManagerGames).toEqual([])
  })

  it('grants a moderator by e-mail, lists them among the grants, then removes them; a moderator manages no roles', async () => {
    const mod = await newUser('mod')
    expect((await grant(primary, { email: mod.email, role: 'moderator' })).status).toBe(201)
    expect(await meOf(t, mod.cookie)).toMatchObject({ isAdmin: false, isModerator: true })
    const list = roleListResponseSchema.parse(
      await (await send(t, '/api/admin/roles', { cookie: primary })).json(),
    )
    expect(list.grants.filter((g) => g.role === 'moderator' && g.userId === mod.id)).toEqual([
      expect.objectContaining({ email: mod.email, grantedBy: PRIMARY, primary: false }),
    ])
    expect((await send(t, '/api/admin/roles', { cookie: mod.cookie })).status).toBe(403)
    expect((await grant(mod.cookie, { email: mod.email, role: 'admin' })).status).toBe(403)

    expect((await revoke(primary, 'moderator', mod.id)).status).toBe(204)
    expect((await meOf(t, mod.cookie)).isModerator).toBe(false)
    expect(await errorOf(await revoke(primary, 'moderator', mod.id))).toMatchObject({ status: 404 })
  })

  it('an admin may remove their own admin role; then they are refused', async () => {
    const admin = await newUser()
    await grant(primary, { email: admin.email, role: 'admin' })
    expect((await revoke(admin.cookie, 'admin', admin.id)).status).toBe(204)
    expect((await meOf(t, admin.cookie)).isAdmin).toBe(false)
    expect((await send(t, '/api/admin/roles', { cookie: admin.cookie })).status).toBe(403)
  })

  it('two admins adding the same admin at once make one grant; the other is told it exists', async () => {
    const target = await newUser()
    const second = await newUser()
    await grant(primary, { email: second.email, role: 'admin' })
    const answers = await Promise.all([
      grant(primary, { email: target.email, role: 'admin' }),
      grant(second.cookie, { email: target.email, role: 'admin' }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409])
    const rows = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, target.id))
    expect(rows).toHaveLength(1)
    const grants = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.targetUserId, target.id))
    expect(grants[0]!.n).toBe(1)
  })

  it('records every grant and removal in the audit log, which nobody can change', async () => {
    const target = await newUser()
    await grant(primary, { email: target.email, role: 'blox-fruits-stock-manager' })
    await revoke(primary, 'blox-fruits-stock-manager', target.id)
    const res = await send(t, '/api/admin/audit?action=role.revoke', { cookie: primary })
    const { entries } = (await res.json()) as AuditListResponse
    expect(entries[0]).toMatchObject({
      action: 'role.revoke',
      actorEmail: PRIMARY,
      targetEmail: target.email,
      detail: { role: 'blox-fruits-stock-manager' },
    })
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'changed',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      )
    expect(await refusal(t.database.db.update(auditLog).set({ action: 'x' }))).toMatch(/append-only/)
    expect(await refusal(t.database.db.delete(auditLog))).toMatch(/append-only/)
    const listed = (await (
      await send(t, '/api/admin/audit', { cookie: primary })
    ).json()) as AuditListResponse
    expect(listed.total).toBeGreaterThan(0)
  })
})

describe('GET /api/me roles', () => {
  it('reports a game only for its stock manager, and the ADMIN_EMAIL account only once verified', async () => {
    const plain = await newUser()
    expect(await meOf(t, plain.cookie)).toMatchObject({ isAdmin: false, stockManagerGames: [] })
    expect(await meOf(t, primary)).toMatchObject({
      isAdmin: true,
      stockManagerGames: ['grow-a-garden', 'blox-fruits'],
    })
    const bf = await newUser()
    await grant(primary, { email: bf.email, role: 'blox-fruits-stock-manager' })
    expect(await meOf(t, bf.cookie)).toMatchObject({ isAdmin: false, stockManagerGames: ['blox-fruits'] })
  })
})

describe('requireStockManager(game)', () => {
  it('lets in the stock managers of that game and admins, refuses the others, and knows only games with stock', async () => {
    const probe = defineFeature({
      name: 'probe',
      routes: {
        '/api/probe': new Hono()
          .get('/fixed', requireStockManager('blox-fruits'), (c) => c.json({ ok: true }))
          .get('/:game', requireStockManager({ param: 'game' }), (c) => c.json({ ok: true })),
      },
    })
    const app = await createTestApp({
      catalog: false,
      env: { ADMIN_EMAIL: PRIMARY },
      features: [rolesFeature, probe],
    })
    try {
      const as = async (email: string) => (await createMagicLinkUser(app, email)).cookie
      const boss = await as(PRIMARY)
      const [gag, plain] = [await as('gag@example.com'), await as('plain@example.com')]
      await send(app, '/api/admin/roles', {
        body: { email: 'gag@example.com', role: 'grow-a-garden-stock-manager' },
        cookie: boss,
      })
      const status = async (path: string, cookie?: string) => (await send(app, path, { cookie })).status
      expect(await status('/api/probe/grow-a-garden')).toBe(401)
      expect(await status('/api/probe/grow-a-garden', plain)).toBe(403)
      expect(await status('/api/probe/grow-a-garden', gag)).toBe(200)
      expect(await status('/api/probe/blox-fruits', gag)).toBe(403)
      expect(await status('/api/probe/fixed', gag)).toBe(403)
      expect(await status('/api/probe/blox-fruits', boss)).toBe(200)
      expect(await status('/api/probe/fixed', boss)).toBe(200)
      expect(await status('/api/probe/adopt-me', boss)).toBe(404)
    } finally {
      await app.close()
    }
  })
})
