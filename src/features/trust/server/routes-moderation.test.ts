/**
 * The moderators' queue of reports (who sees it, hiding, warning, suspending, bad resolutions) and the
 * public trust figures that count the reports handled.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '@/features/notifications/server/public'
import { DECISION_MESSAGES } from '@/features/roles/policy'
import { userRoles, userSuspensions } from '@/features/roles/tables'
import { TRUST_MESSAGES, trustFiguresSchema } from '@/features/trust/contract'
import { valueSuggestions } from '@/features/value-ops/tables'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { heardWithTheCommit } from '@/test/cache-invalidation'
import { FIGURES_KEY } from './reports'
import {
  adOf,
  adsOf,
  moderator,
  queue,
  reportOf,
  resolve,
  reviewed,
  reviewsOf,
  setUpTrustApp,
  type Trader,
  t,
  trade,
  trader,
} from './routes-test-setup'

setUpTrustApp()

describe('the moderators queue', () => {
  it('is for moderators and admins only: visitor 401, trader 403', async () => {
    const plain = await trader()
    expect((await errorOf(await send(t, '/api/admin/reports'))).status).toBe(401)
    expect((await errorOf(await send(t, '/api/admin/reports', { cookie: plain.cookie }))).status).toBe(403)
    expect((await errorOf(await resolve(1, plain, { action: 'dismiss' }))).status).toBe(403)
    const admin = await signedInUser(t, freshEmail('admin'), ['admin'])
    expect((await send(t, '/api/admin/reports', { cookie: admin.cookie })).status).toBe(200)
    const mod = await moderator()
    expect((await send(t, '/api/admin/reports?status=resolved', { cookie: mod.cookie })).status).toBe(200)
    expect(
      (await errorOf(await send(t, '/api/admin/reports?status=closed', { cookie: mod.cookie }))).status,
    ).toBe(400)
    // /api/me says so, and granting twice is the roles' 409.
    const me = (await (await send(t, '/api/me', { cookie: mod.cookie })).json()) as {
      user: { isModerator: boolean }
    }
    expect(me.user.isModerator).toBe(true)
    const res = await send(t, '/api/admin/roles', {
      body: { email: mod.email, role: 'moderator' },
      cookie: admin.cookie,
    })
    expect(await errorOf(res)).toMatchObject({
      status: 409,
      message: `User ${mod.email} is already a moderator`,
    })
  })

  it('hides a reported ad: out of the list, 404 to everyone, not relistable; logged in the audit', async () => {
    const owner = await trader()
    const adId = await adOf(owner)
    const reportId = await reportOf(await trader(), 'ad', adId)
    const also = await reportOf(await trader(), 'ad', adId, 'spam')
    const mod = await moderator()
    const res = await resolve(reportId, mod, { action: 'hide', note: 'Scam ad' })
    expect(res.status, await res.clone().text()).toBe(200)
    expect((await adsOf(owner.username)).list.ads).toEqual([])
    expect((await errorOf(await send(t, `/api/trade-ads/${adId}`))).status).toBe(404)
    expect((await errorOf(await send(t, `/api/trade-ads/${adId}`, { cookie: owner.cookie }))).status).toBe(
      404,
    )
    expect(
      (
        await errorOf(
          await send(t, `/api/trade-ads/${adId}/relist`, { method: 'POST', cookie: owner.cookie }),
        )
      ).status,
    ).toBe(409)
    // Both reports of the ad are resolved; resolving again is a 409.
    const resolved = await queue(mod, 'resolved')
    expect(resolved.find((r) => r.id === also)?.resolution).toMatchObject({ action: 'hide', note: 'Scam ad' })
    expect(await errorOf(await resolve(reportId, mod, { action: 'dismiss' }))).toMatchObject({
      status: 409,
      message: TRUST_MESSAGES.reportResolved,
    })
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'report.resolve'))
    expect(entries.find((e) => e.detail.report === reportId)).toMatchObject({
      actorId: mod.id,
      targetUserId: owner.id,
      detail: { action: 'hide', kind: 'ad', targetId: String(adId) },
    })
  })

  it('hides a review: gone from the profile and the average', async () => {
    const owner = await trader()
    const offerer = await trader()
    const { offerId } = await trade(owner, offerer)
    const bad = await reviewed(offerId, owner, 1, 'rude words')
    const reportId = await reportOf(offerer, 'review', bad.id, 'harassment')
    expect((await resolve(reportId, await moderator(), { action: 'hide' })).status).toBe(200)
    const { summary, reviews } = await reviewsOf(offerer.username)
    expect(reviews).toEqual([])
    expect(summary.average).toBeNull()
  })

  it('hides a suggestion by rejecting it', async () => {
    const author = await trader()
    const [row] = await t.database.db
      .insert(valueSuggestions)
      .values({
        gameId: 'blox-fruits',
        itemId: 'kitsune',
        userId: author.id,
        value: 1,
        reason: 'buy my stuff at example.com',
      })
      .returning()
    const reportId = await reportOf(await trader(), 'suggestion', row!.id, 'spam')
    expect((await resolve(reportId, await moderator(), { action: 'hide', note: 'Spam' })).status).toBe(200)
    const [after] = await t.database.db
      .select()
      .from(valueSuggestions)
      .where(eq(valueSuggestions.id, row!.id))
    expect(after).toMatchObject({ status: 'rejected', note: 'Spam' })
  })

  it('warns the author with a notification, and suspends with the existing suspension', async () => {
    const author = await trader()
    const mod = await moderator()
    const warned = await reportOf(await trader(), 'user', author.username, 'harassment')
    expect((await resolve(warned, mod, { action: 'warn', note: 'Be kind in messages' })).status).toBe(200)
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.kind, 'moderation-warning')))
    expect(notice).toMatchObject({ title: 'A warning from the moderators', body: 'Be kind in messages' })

    expect(
      await errorOf(
        await resolve(await reportOf(await trader(), 'user', author.username), mod, { action: 'hide' }),
      ),
    ).toMatchObject({
      status: 400,
      message: TRUST_MESSAGES.cannotHideUser,
    })
    const suspended = await reportOf(await trader(), 'user', author.username, 'scam')
    expect((await resolve(suspended, mod, { action: 'suspend', note: 'Scams' })).status).toBe(200)
    const [row] = await t.database.db
      .select()
      .from(userSuspensions)
      .where(eq(userSuspensions.userId, author.id))
    expect(row?.reason).toBe('Scams')
    expect(await (await send(t, '/api/me', { cookie: author.cookie })).json()).toEqual({ user: null })
    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.targetUserId, author.id))
    ).map((e) => e.action)
    expect(actions).toEqual(expect.arrayContaining(['report.resolve', 'user.suspend']))
  })

  it('refuses bad resolutions (400) and unknown reports (404)', async () => {
    const mod = await moderator()
    const id = await reportOf(await trader(), 'user', (await trader()).username)
    for (const body of [
      {},
      { action: 'ban' },
      { action: 'dismiss', note: 'x'.repeat(1001) },
      { action: 'dismiss', x: 1 },
    ])
      expect((await errorOf(await resolve(id, mod, body))).status, JSON.stringify(body)).toBe(400)
    expect((await errorOf(await resolve(999_999_999, mod, { action: 'dismiss' }))).status).toBe(404)
    expect((await errorOf(await resolve(0, mod, { action: 'dismiss' }))).status).toBe(400)
    expect((await resolve(id, mod, { action: 'dismiss' })).status).toBe(200)
  })
})

describe('who decides a report: never someone who is part of it; a report about staff, an admin', () => {
  /** The 403's message (a 200 fails here, with its answer). */
  async function refusal(res: Response) {
    expect(res.status, await res.clone().text()).toBe(403)
    return (await errorOf(res)).message
  }
  const suspensionsOf = (userId: string) =>
    t.database.db.select().from(userSuspensions).where(eq(userSuspensions.userId, userId))
  async function admin() {
    const user = await trader()
    await t.database.db.insert(userRoles).values({ userId: user.id, role: 'admin' })
    return user
  }
  const isOpen = async (reportId: number, by: Trader) => (await queue(by)).some((r) => r.id === reportId)

  it('a moderator who reported it, or reported the same thing, is refused 403; another moderator decides', async () => {
    const mod = await moderator()
    const owner = await trader()
    const adId = await adOf(owner)
    const own = await reportOf(mod, 'ad', adId)
    expect(await refusal(await resolve(own, mod, { action: 'hide', note: 'Mine' }))).toBe(
      DECISION_MESSAGES.ownCase,
    )
    // Another trader's report of the same ad is resolved with the moderator's own: refused too.
    const theirs = await reportOf(await trader(), 'ad', adId, 'spam')
    expect(await refusal(await resolve(theirs, mod, { action: 'suspend' }))).toBe(DECISION_MESSAGES.ownCase)
    expect(await suspensionsOf(owner.id)).toEqual([])
    expect((await adsOf(owner.username)).list.ads).toHaveLength(1)
    expect(await isOpen(own, mod)).toBe(true)
    expect((await resolve(own, await moderator(), { action: 'hide' })).status).toBe(200)
    expect((await adsOf(owner.username)).list.ads).toEqual([])
  })

  it('a report about a moderator or an admin is for admins: a moderator is refused 403 on every action, an admin decides', async () => {
    const mod = await moderator()
    const colleague = await moderator()
    const boss = await admin()
    const adId = await adOf(colleague)
    const aboutAd = await reportOf(await trader(), 'ad', adId)
    const aboutBoss = await reportOf(await trader(), 'user', boss.username, 'impersonation')
    for (const action of ['dismiss', 'hide', 'warn', 'suspend'])
      expect(await refusal(await resolve(aboutAd, mod, { action })), action).toBe(DECISION_MESSAGES.staffCase)
    expect(await refusal(await resolve(aboutBoss, mod, { action: 'suspend' }))).toBe(
      DECISION_MESSAGES.staffCase,
    )
    // The moderator's own ad: not theirs to dismiss either.
    expect(await refusal(await resolve(aboutAd, colleague, { action: 'dismiss' }))).toBe(
      DECISION_MESSAGES.ownStaffCase,
    )
    expect(await suspensionsOf(colleague.id)).toEqual([])
    expect(await suspensionsOf(boss.id)).toEqual([])
    expect((await adsOf(colleague.username)).list.ads).toHaveLength(1)
    // The admin who is reported does not decide their own report; another admin does.
    expect(await refusal(await resolve(aboutBoss, boss, { action: 'dismiss' }))).toBe(
      DECISION_MESSAGES.ownStaffCase,
    )
    const other = await admin()
    expect((await resolve(aboutAd, other, { action: 'suspend', note: 'Scams' })).status).toBe(200)
    expect(await suspensionsOf(colleague.id)).toHaveLength(1)
    expect((await resolve(aboutBoss, other, { action: 'dismiss' })).status).toBe(200)
  })

  it('the queue names people by username, never by e-mail, and says whether this reader may decide', async () => {
    const mod = await moderator()
    const colleague = await moderator()
    const reporter = await trader()
    const author = await trader()
    const plain = await reportOf(reporter, 'user', author.username, 'spam')
    const aboutStaff = await reportOf(reporter, 'user', colleague.username, 'spam')
    const own = await reportOf(mod, 'user', (await trader()).username, 'harassment')
    const answer = await send(t, '/api/admin/reports', { cookie: mod.cookie })
    const text = await answer.text()
    for (const email of [reporter.email, author.email, colleague.email, mod.email])
      expect(text).not.toContain(email)
    const list = await queue(mod)
    expect(list.find((r) => r.id === plain)).toMatchObject({
      reporter: { username: reporter.username },
      author: { username: author.username },
      mayDecide: true,
      decideRefusal: null,
    })
    expect(list.find((r) => r.id === aboutStaff)).toMatchObject({
      mayDecide: false,
      decideRefusal: DECISION_MESSAGES.staffCase,
    })
    expect(list.find((r) => r.id === own)).toMatchObject({
      mayDecide: false,
      decideRefusal: DECISION_MESSAGES.ownCase,
    })
    const boss = await admin()
    expect((await queue(boss)).find((r) => r.id === aboutStaff)).toMatchObject({ mayDecide: true })
    // Resolved: who decided is a username too.
    expect((await resolve(plain, await moderator(), { action: 'dismiss' })).status).toBe(200)
    const resolved = await send(t, '/api/admin/reports?status=resolved', { cookie: mod.cookie })
    expect(await resolved.text()).not.toMatch(/@example\.com/)
  })
})

describe('GET /api/trust/figures', () => {
  it('answers public, cached figures: reports handled in 30 days, the median time, verified traders', async () => {
    const res = await send(t, '/api/trust/figures')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('public')
    const figures = trustFiguresSchema.parse(await res.json())
    expect(figures.days).toBe(30)
    const mod = await moderator()
    const id = await reportOf(await trader(), 'user', (await trader()).username)
    expect((await resolve(id, mod, { action: 'dismiss' })).status).toBe(200)
    const after = trustFiguresSchema.parse(await (await send(t, '/api/trust/figures')).json())
    expect(after.reportsHandled).toBe(figures.reportsHandled + 1)
    expect(after.medianHoursToHandle).not.toBeNull()
    expect(after.verifiedTraders).toBeGreaterThanOrEqual(0)
  })

  it('tells the other instances of a decision with its commit: the figures, and the ads when one is hidden', async () => {
    const mod = await moderator()
    const dismissed = await reportOf(await trader(), 'user', (await trader()).username)
    expect(
      await heardWithTheCommit(t, async () => {
        expect((await resolve(dismissed, mod, { action: 'dismiss' })).status).toBe(200)
      }),
    ).toEqual([FIGURES_KEY])
    const hidden = await reportOf(await trader(), 'ad', await adOf(await trader()))
    expect(
      await heardWithTheCommit(t, async () => {
        expect((await resolve(hidden, mod, { action: 'hide' })).status).toBe(200)
      }),
    ).toEqual(['trading:', FIGURES_KEY]) // the marketplace's lists and ads, and the figures
  })
})
