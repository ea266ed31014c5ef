/**
 * Ingest tokens, the way bots report: creating, listing and revoking them, who may, how refused tokens
 * are limited, and how a token stops working when its creator loses the right to manage the game.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { userRoles } from '@/features/roles/tables'
import { type CreatedToken, tokenListResponseSchema } from '@/features/stock/contract'
import { users } from '@/platform/server/auth/tables'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { createMagicLinkUser, errorOf, meOf, send } from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import {
  admin,
  bfManager,
  gagManager,
  newToken,
  plainUser,
  report,
  reportCount,
  setUpStockApp,
  t,
  userWith,
} from './routes-test-setup'

setUpStockApp()

describe('ingest tokens', () => {
  it('a manager creates a token (shown once, 32 random bytes), a bot reports with it, the list shows its use', async () => {
    const created = await newToken(gagManager.cookie, 'grow-a-garden', 'garden bot')
    expect(created.token).toMatch(/^thst_[A-Za-z0-9_-]{43}$/)
    const res = await report(
      'grow-a-garden',
      { shop: 'gear', items: [{ item: 'watering-can', quantity: 3 }] },
      { token: created.token },
    )
    expect([200, 201]).toContain(res.status)
    const list = await send(t, '/api/stock/grow-a-garden/tokens', { cookie: gagManager.cookie })
    expect(list.headers.get('cache-control')).toBe('private, no-store')
    const body = (await list.json()) as { tokens: Record<string, unknown>[] }
    const mine = body.tokens.find((x) => x.id === created.id)!
    expect(mine).toMatchObject({ name: 'garden bot', revokedAt: null, createdBy: gagManager.email })
    expect(mine.lastUsedAt).not.toBeNull()
    expect(JSON.stringify(body)).not.toContain(created.token)
  })

  it('a wrong or revoked token is 401, another game’s 403; nothing is written', async () => {
    const created = await newToken(gagManager.cookie)
    const bf = await newToken(bfManager.cookie, 'blox-fruits')
    const body = { shop: 'seeds', items: [{ item: 'carrot', quantity: 5 }] }
    const before = await reportCount()
    expect((await report('grow-a-garden', body, { token: 'thst_wrong' })).status).toBe(401)
    expect((await report('grow-a-garden', body, { token: bf.token })).status).toBe(403)
    const revoked = await send(t, `/api/stock/grow-a-garden/tokens/${created.id}`, {
      method: 'DELETE',
      cookie: gagManager.cookie,
    })
    expect(revoked.status).toBe(204)
    const res = await report('grow-a-garden', body, { token: created.token })
    expect(res.status).toBe(401)
    expect((await errorOf(res)).message).toBe('This ingest token was revoked')
    expect(await reportCount()).toBe(before)
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'stock.token-revoke'))
    expect(audits.some((a) => (a.detail as { token?: number }).token === created.id)).toBe(true)
  })

  it('token routes are for the game’s stock managers: visitor 401, user 403, other game 403, admin yes', async () => {
    const path = '/api/stock/grow-a-garden/tokens'
    expect((await send(t, path)).status).toBe(401)
    expect((await send(t, path, { cookie: plainUser.cookie })).status).toBe(403)
    expect((await send(t, path, { cookie: bfManager.cookie })).status).toBe(403)
    expect((await send(t, path, { body: { name: 'x' }, cookie: bfManager.cookie })).status).toBe(403)
    expect((await send(t, `${path}/1`, { method: 'DELETE', cookie: plainUser.cookie })).status).toBe(403)
    expect((await send(t, path, { cookie: admin })).status).toBe(200)
    expect((await errorOf(await send(t, path, { body: { name: '  ' }, cookie: admin }))).message).toMatch(
      /Give the token a name/,
    )
    // Another game's token cannot be revoked through this game.
    const bf = await newToken(bfManager.cookie, 'blox-fruits')
    expect((await send(t, `${path}/${bf.id}`, { method: 'DELETE', cookie: admin })).status).toBe(404)
    expect((await send(t, `${path}/abc`, { method: 'DELETE', cookie: admin })).status).toBe(400)
  })

  it('a token may post 60 reports a minute; the next is a 429 with Retry-After', async () => {
    const limited = await createTestApp({
      catalog: false,
      limits: { stock: { reportsPerToken: { max: 2, windowSeconds: 60 } } },
    })
    try {
      const { cookie } = await createMagicLinkUser(limited, 'owner@example.com')
      const { id } = await meOf(limited, cookie)
      await limited.database.db.insert(userRoles).values({ userId: id, role: 'blox-fruits-stock-manager' })
      const created = (await (
        await send(limited, '/api/stock/blox-fruits/tokens', { body: { name: 'fast bot' }, cookie })
      ).json()) as CreatedToken
      const post = () =>
        send(limited, '/api/stock/blox-fruits/reports', {
          body: { shop: 'normal', items: [] },
          headers: { authorization: `Bearer ${created.token}` },
        })
      expect((await post()).status).not.toBe(429)
      expect((await post()).status).not.toBe(429)
      const third = await post()
      expect(third.status).toBe(429)
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })
})

describe('who reports is known before the report is read', () => {
  const malformed = (headers: Record<string, string>) =>
    t.app.request('/api/stock/grow-a-garden/reports', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...headers },
      body: '{"shop": "seeds",',
    })

  it('a bad token, a visitor, a user without the role: 401 or 403 whatever the body; a manager’s bad body is a 400', async () => {
    expect(await errorOf(await malformed({ authorization: 'Bearer thst_wrong' }))).toMatchObject({
      status: 401,
      message: 'This ingest token is not valid',
    })
    expect((await malformed({ authorization: 'Basic abc' })).status).toBe(401)
    expect((await malformed({})).status).toBe(401)
    expect((await malformed({ cookie: plainUser.cookie })).status).toBe(403)
    expect((await malformed({ cookie: bfManager.cookie })).status).toBe(403)
    expect((await malformed({ cookie: gagManager.cookie })).status).toBe(400)
  })

  it('refused token attempts are limited per address: past the limit a 429 with Retry-After, another address unaffected', async () => {
    const limited = await createTestApp({
      env: { TRUST_PROXY: 'true' },
      limits: { stock: { failedTokensPerAddress: { max: 3, windowSeconds: 600 } } },
    })
    try {
      const { cookie } = await createMagicLinkUser(limited, 'token-owner@example.com')
      const { id } = await meOf(limited, cookie)
      await limited.database.db.insert(userRoles).values({ userId: id, role: 'blox-fruits-stock-manager' })
      const created = (await (
        await send(limited, '/api/stock/blox-fruits/tokens', { body: { name: 'real bot' }, cookie })
      ).json()) as CreatedToken
      const post = (ip: string, token: string) =>
        send(limited, '/api/stock/blox-fruits/reports', {
          body: { shop: 'normal', items: [] },
          headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
        })
      for (const guess of ['thst_a', 'thst_b', 'thst_c'])
        expect((await post('198.51.100.7', guess)).status).toBe(401)
      const refused = await post('198.51.100.7', 'thst_d')
      expect(await errorOf(refused.clone())).toMatchObject({
        status: 429,
        message: 'Too many refused ingest tokens from this address. Try again in a few minutes.',
      })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // Until the window ends the address's token posts are refused unread, a real token's too.
      expect((await post('198.51.100.7', created.token)).status).toBe(429)
      // Another address is not affected.
      expect((await post('198.51.100.8', 'thst_e')).status).toBe(401)
      expect([200, 201]).toContain((await post('198.51.100.8', created.token)).status)
    } finally {
      await limited.close()
    }
  })
})

describe('ingest tokens follow their creator’s rights', () => {
  const tokenOf = async (game: string, id: number) => {
    const res = await send(t, `/api/stock/${game}/tokens`, { cookie: admin })
    expect(res.status).toBe(200)
    const { tokens } = tokenListResponseSchema.parse(await res.json())
    return tokens.find((x) => x.id === id)!
  }
  const seeds = () => ({ shop: 'seeds', items: [{ item: 'carrot', quantity: (Date.now() % 900) + 1 }] })

  it('a manager’s token is refused once the role is removed, and the list says why; the role granted again, it works again', async () => {
    const manager = await userWith(['grow-a-garden-stock-manager'])
    const created = await newToken(manager.cookie, 'grow-a-garden', 'role bot')
    expect([200, 201]).toContain((await report('grow-a-garden', seeds(), { token: created.token })).status)
    expect((await tokenOf('grow-a-garden', created.id)).stoppedReason).toBeNull()

    const removed = await send(t, `/api/admin/roles/grow-a-garden-stock-manager/${manager.id}`, {
      method: 'DELETE',
      cookie: admin,
    })
    expect(removed.status).toBe(204)
    const before = await reportCount()
    const refused = await report('grow-a-garden', seeds(), { token: created.token })
    expect(await errorOf(refused)).toMatchObject({
      status: 403,
      message: 'This ingest token stopped working: its creator can no longer manage Grow a Garden',
    })
    expect(await reportCount()).toBe(before)
    expect(await tokenOf('grow-a-garden', created.id)).toMatchObject({
      revokedAt: null,
      stoppedReason: 'creator-not-manager',
    })

    const granted = await send(t, '/api/admin/roles', {
      body: { email: manager.email, role: 'grow-a-garden-stock-manager' },
      cookie: admin,
    })
    expect(granted.status).toBe(201)
    expect([200, 201]).toContain((await report('grow-a-garden', seeds(), { token: created.token })).status)
    expect((await tokenOf('grow-a-garden', created.id)).stoppedReason).toBeNull()
  })

  it('a suspended creator’s token is refused, and the list says so', async () => {
    const manager = await userWith(['grow-a-garden-stock-manager'])
    const created = await newToken(manager.cookie, 'grow-a-garden', 'suspended bot')
    const suspended = await send(t, `/api/admin/users/${manager.id}/suspend`, {
      body: { reason: 'Posting fake stock' },
      cookie: admin,
    })
    expect(suspended.status).toBe(200)
    const before = await reportCount()
    const refused = await report('grow-a-garden', seeds(), { token: created.token })
    expect(refused.status).toBe(403)
    expect(await reportCount()).toBe(before)
    expect((await tokenOf('grow-a-garden', created.id)).stoppedReason).toBe('creator-suspended')
  })

  it('the token of a deleted account is refused, and the list says so', async () => {
    const manager = await userWith(['grow-a-garden-stock-manager'])
    const created = await newToken(manager.cookie, 'grow-a-garden', 'orphan bot')
    await t.database.db.delete(users).where(eq(users.id, manager.id))
    expect((await report('grow-a-garden', seeds(), { token: created.token })).status).toBe(403)
    expect(await tokenOf('grow-a-garden', created.id)).toMatchObject({
      createdBy: null,
      stoppedReason: 'creator-gone',
    })
  })

  it('an admin’s token works while they are admin, and stops when they are not', async () => {
    const other = await userWith(['admin'])
    const created = await newToken(other.cookie, 'blox-fruits', 'admin bot')
    const fruit = () => ({ shop: 'normal', items: [{ item: 'dough', quantity: (Date.now() % 900) + 1 }] })
    expect([200, 201]).toContain((await report('blox-fruits', fruit(), { token: created.token })).status)
    expect((await tokenOf('blox-fruits', created.id)).stoppedReason).toBeNull()
    const removed = await send(t, `/api/admin/roles/admin/${other.id}`, { method: 'DELETE', cookie: admin })
    expect(removed.status).toBe(204)
    expect((await report('blox-fruits', fruit(), { token: created.token })).status).toBe(403)
    expect((await tokenOf('blox-fruits', created.id)).stoppedReason).toBe('creator-not-manager')
  })

  it('the primary admin’s token works (the primary admin needs no role)', async () => {
    const created = await newToken(admin, 'blox-fruits', 'primary bot')
    const res = await report(
      'blox-fruits',
      { shop: 'mirage', items: [{ item: 'dough', quantity: (Date.now() % 900) + 1 }] },
      { token: created.token },
    )
    expect([200, 201]).toContain(res.status)
  })
})
