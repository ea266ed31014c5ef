import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { watches } from '@/features/alerts/tables'
import { changeItemValue } from '@/features/catalog/server/public'
import { DISCORD_BOT_MESSAGES } from '@/features/discord/contract'
import { DISCORD_CONNECT_MESSAGES } from '@/features/discord/rules'
import { discordBotMessages, discordLinks } from '@/features/discord/tables'
import { notifications } from '@/features/notifications/server/public'
import { accounts } from '@/platform/server/auth/tables'
import { send } from '@/test/accounts'
import {
  notificationsAbout,
  postStock,
  settled,
  signedInUser,
  startAlertWorkers,
  visit,
} from '@/test/alert-delivery'
import { type createTestApp, TEST_ORIGIN } from '@/test/app'
import { TEST_APPLICATION_ID as APPLICATION_ID, json, TEST_GUILD } from '@/test/discord-api'
import { type BotApp, createBotApp, type DiscordApiStandIn, startBotWorkers } from '@/test/discord-bot'
import { connectToken } from './connect'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let bot: BotApp
let t: TestApp
let api: DiscordApiStandIn
let stopWorkers: () => Promise<void>
let manager: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  bot = await createBotApp({
    standIn: true,
    limits: { stock: { reportsPerToken: { max: 1000, windowSeconds: 60 } } },
  })
  t = bot.t
  api = bot.discord!
  manager = await signedInUser(t, undefined, ['grow-a-garden-stock-manager'])
  const alerts = await startAlertWorkers(t)
  const bots = await startBotWorkers(t)
  stopWorkers = async () => {
    await alerts.stop()
    await bots()
  }
})
afterAll(async () => {
  await stopWorkers()
  await bot.close()
})

let ids = 500_000_000_000_000_000n
/** A Discord user no other test uses. */
const discordUser = () => ({ id: String(++ids), username: `trader${ids % 1000n}` })

const item = (value: string) => [{ name: 'item', type: 3, value }]

/** The interaction tokens the sender made count up: the one of the last command. */
let commands = 0
const lastToken = () => `interaction-token-${process.pid}-${commands}`

/** /watch or /unwatch run by the Discord user in a DM with the bot. */
async function run(name: 'watch' | 'unwatch', value: string, user: { id: string; username: string }) {
  const res = await bot.command(name, item(value), { user })
  commands++
  expect(res.status).toBe(200)
  return res.json()
}

/** The text that replaced a deferred reply's "thinking…" (the edit of the original message). */
async function deferredText(body: { type: number; data?: { flags?: number } }, token: string) {
  expect(body).toEqual({ type: 5, data: { flags: 64 } })
  const path = `/webhooks/${APPLICATION_ID}/${token}/messages/@original`
  await expect.poll(() => api.sentTo(path).length, { timeout: 10_000, interval: 20 }).toBe(1)
  const [edit] = api.sentTo(path)
  expect(edit!.method).toBe('PATCH')
  return (edit!.body as { content: string; flags: number }).content
}

async function signsInWithDiscord(userId: string, discordUserId: string) {
  await t.database.db.insert(accounts).values({
    id: randomUUID(),
    accountId: discordUserId,
    providerId: 'discord',
    userId,
    updatedAt: new Date(),
  })
}

const watchOf = async (userId: string, itemId: string) =>
  (
    await t.database.db
      .select()
      .from(watches)
      .where(and(eq(watches.userId, userId), eq(watches.itemId, itemId)))
  )[0]

const linkOf = async (discordUserId: string) =>
  (await t.database.db.select().from(discordLinks).where(eq(discordLinks.discordUserId, discordUserId)))[0]

const dmsTo = (channel: string) => api.sentTo(`/channels/${channel}/messages`)

const queuedDms = async (discordUserId: string) =>
  (
    await t.database.db
      .select({ id: discordBotMessages.id })
      .from(discordBotMessages)
      .where(and(eq(discordBotMessages.kind, 'dm'), eq(discordBotMessages.target, discordUserId)))
  ).length

const changeValue = async (itemId: string, value: number) =>
  expect(
    await changeItemValue(
      { db: t.database.db, cache: t.cache },
      { gameId: 'grow-a-garden', itemId, value, changedBy: null, source: 'test' },
    ),
  ).toEqual({ changed: true })

describe('/watch and /unwatch', () => {
  it('an unknown item: the closest names, privately', async () => {
    const body = await run('watch', 'Kitsun', discordUser())
    expect(body.type).toBe(4)
    expect(body.data.flags).toBe(64)
    expect(body.data.content).toMatch(/^No item called "Kitsun"\. Closest: Kitsune/)
  })

  it('a Discord user who signs in to TradeHub with Discord watches at once; restocks reach them as DMs; a refused DM stops them until /watch again', async () => {
    const trader = await signedInUser(t)
    const who = discordUser()
    await signsInWithDiscord(trader.id, who.id)

    const body = await run('watch', 'grow-a-garden:beanstalk', who)
    expect(await deferredText(body, lastToken())).toBe(
      'Watching Beanstalk (Grow a Garden). TradeHub will DM you when it restocks or its value changes.',
    )
    expect(await watchOf(trader.id, 'beanstalk')).toMatchObject({ restock: true, value: true })
    expect(await linkOf(who.id)).toMatchObject({ userId: trader.id, dmProblem: null })

    // A restock of the watched item: AlertWorker → notification → DmWorker → the bot's outbox → Discord.
    const report = await postStock(
      t,
      'grow-a-garden',
      { shop: 'traveling-merchant', ...visit(20), items: [{ item: 'beanstalk', quantity: 2 }] },
      { cookie: manager.cookie },
    )
    expect(report.status).toBe(201)
    const opened = () =>
      api
        .sentTo('/users/@me/channels')
        .filter((r) => (r.body as { recipient_id: string }).recipient_id === who.id)
    await expect.poll(() => opened().length, { timeout: 15_000, interval: 25 }).toBe(1)
    await expect.poll(async () => (await linkOf(who.id))?.dmChannelId, { timeout: 10_000 }).toBeTruthy()
    const channel = (await linkOf(who.id))!.dmChannelId!
    await expect.poll(() => dmsTo(channel).length, { timeout: 10_000, interval: 25 }).toBe(1)
    const [embed] = (dmsTo(channel)[0]!.body as { embeds: Record<string, unknown>[] }).embeds
    expect(embed).toMatchObject({
      title: 'Beanstalk is in stock',
      url: `${TEST_ORIGIN}/grow-a-garden-stock`,
    })
    expect(embed!.description).toContain('Traveling Merchant · 2 in stock')
    expect(typeof embed!.timestamp).toBe('string')

    // The user closed their DMs: Discord answers 403 to the next one (a value change), and the DMs stop.
    api.reply(
      `/channels/${channel}/messages`,
      json(403, { message: 'Cannot send messages to this user', code: 50007 }),
    )
    await changeValue('beanstalk', 123_456)
    await expect
      .poll(async () => (await linkOf(who.id))?.dmProblem, { timeout: 15_000, interval: 25 })
      .toBeTruthy()
    expect(dmsTo(channel)).toHaveLength(2)
    const refused = (await linkOf(who.id))!
    expect(refused.dmChannelId).toBeNull()
    const sentBefore = api.received.length

    // A later alert is written, but no DM is queued for it.
    await changeValue('beanstalk', 234_567)
    await settled(t)
    const values = await notificationsAbout(t, trader.id, 'beanstalk')
    expect(values.map((n) => n.kind)).toEqual(['restock', 'value', 'value'])
    expect(values.at(-1)!.id).toBeGreaterThan(refused.lastNotificationId)
    expect((await linkOf(who.id))!.lastNotificationId).toBe(refused.lastNotificationId)
    expect(await queuedDms(who.id)).toBe(2)

    // /watch again resumes DMs, from now on.
    const resumed = await run('watch', 'grow-a-garden:beanstalk', who)
    expect(await deferredText(resumed, lastToken())).toContain('Watching Beanstalk')
    const link = (await linkOf(who.id))!
    expect(link.dmProblem).toBeNull()
    expect(link.lastNotificationId).toBe(values.at(-1)!.id)
    expect(
      api.received
        .slice(sentBefore)
        .filter((r) => r.path.startsWith('/channels/') || r.path === '/users/@me/channels'),
    ).toEqual([])
    expect(await queuedDms(who.id)).toBe(2)

    // Unwatch, then unwatch again.
    const stopped = await run('unwatch', 'grow-a-garden:beanstalk', who)
    expect(await deferredText(stopped, lastToken())).toBe('Stopped watching Beanstalk.')
    expect(await watchOf(trader.id, 'beanstalk')).toBeUndefined()
    const notWatching = await run('unwatch', 'grow-a-garden:beanstalk', who)
    expect(await deferredText(notWatching, lastToken())).toBe('You were not watching Beanstalk.')
  })

  it('a watch whose Discord switch is off writes its alerts on the site but sends no DM; on again, they come', async () => {
    const trader = await signedInUser(t)
    const who = discordUser()
    await signsInWithDiscord(trader.id, who.id)
    const body = await run('watch', 'grow-a-garden:sunflower', who)
    expect(await deferredText(body, lastToken())).toContain('Watching Sunflower')
    const setDiscord = async (discord: boolean) =>
      expect(
        (
          await send(t, '/api/watchlist/grow-a-garden/sunflower', {
            method: 'PUT',
            body: { discord },
            cookie: trader.cookie,
          })
        ).status,
      ).toBe(200)

    await setDiscord(false)
    await changeValue('sunflower', 345_678)
    await settled(t)
    await setDiscord(true)
    await changeValue('sunflower', 456_789)
    await settled(t)
    const [off, on] = await notificationsAbout(t, trader.id, 'sunflower')
    expect([off?.discord, on?.discord]).toEqual([false, true])

    // Once the DMs have caught up with the second alert, exactly one DM went out, carrying only it.
    await expect
      .poll(async () => (await linkOf(who.id))?.lastNotificationId, { timeout: 15_000, interval: 25 })
      .toBe(on!.id)
    expect(await queuedDms(who.id)).toBe(1)
    await expect.poll(async () => (await linkOf(who.id))?.dmChannelId, { timeout: 10_000 }).toBeTruthy()
    const channel = (await linkOf(who.id))!.dmChannelId!
    await expect.poll(() => dmsTo(channel).length, { timeout: 10_000, interval: 25 }).toBe(1)
    const { embeds } = dmsTo(channel)[0]!.body as { embeds: { timestamp: string }[] }
    expect(embeds.map((e) => e.timestamp)).toEqual([on!.createdAt.toISOString()])
  })

  it('in a server, the member who ran it watches; more than 10 changes a minute are refused', async () => {
    const trader = await signedInUser(t)
    const who = discordUser()
    await signsInWithDiscord(trader.id, who.id)
    const inServer = async (name: 'watch' | 'unwatch') => {
      const res = await bot.command(name, item('blox-fruits:kitsune'), {
        guild_id: TEST_GUILD.id,
        channel_id: TEST_GUILD.channel,
        member: { user: who, permissions: '0' },
      })
      commands++
      return deferredText(await res.json(), lastToken())
    }
    for (let n = 0; n < 5; n++) {
      expect(await inServer('watch')).toBe(
        'Watching Kitsune (Blox Fruits). TradeHub will DM you when it restocks or its value changes.',
      )
      expect(await inServer('unwatch')).toBe('Stopped watching Kitsune.')
    }
    expect(await inServer('watch')).toBe('Too many changes at once. Try again in a minute.')
    expect(await watchOf(trader.id, 'kitsune')).toBeUndefined()
  })

  it('an unconnected Discord user gets a private link to connect; /unwatch says there is nothing to stop', async () => {
    const who = discordUser()
    const body = await run('watch', 'blox-fruits:kitsune', who)
    expect(body.type).toBe(4)
    expect(body.data.flags).toBe(64)
    expect(body.data.content).toContain('Kitsune (Blox Fruits)')
    const button = body.data.components[0].components[0]
    expect(button).toMatchObject({ type: 2, style: 5, label: 'Connect to TradeHub' })
    const url = new URL(button.url)
    expect(url.origin + url.pathname).toBe(`${TEST_ORIGIN}/discord/connect`)
    const token = url.searchParams.get('token')!
    const preview = await send(t, `/api/discord/connect?token=${encodeURIComponent(token)}`)
    expect(await preview.json()).toEqual({
      username: who.username,
      game: 'blox-fruits',
      gameName: 'Blox Fruits',
      item: 'kitsune',
      itemName: 'Kitsune',
    })
    expect(await linkOf(who.id)).toBeUndefined()

    const unwatch = await run('unwatch', 'blox-fruits:kitsune', who)
    expect(unwatch.data).toMatchObject({
      flags: 64,
      content: 'Your Discord account is not connected to TradeHub, so there is nothing to stop.',
    })
  })
})

describe('POST /api/discord/connect', () => {
  const tokenFor = (who: { id: string; username: string }, at = new Date()) =>
    connectToken(
      t.secret,
      { discordUserId: who.id, username: who.username, game: 'blox-fruits', item: 'kitsune' },
      at,
    )

  it('connects the Discord user to the signed-in account and watches the item; DMs start after the newest alert', async () => {
    const trader = await signedInUser(t)
    const who = discordUser()
    const [earlier] = await t.database.db
      .insert(notifications)
      .values({
        userId: trader.id,
        kind: 'value',
        title: 'An earlier alert',
        body: 'Not sent as a DM',
        link: '/values',
        dedupeKey: `earlier:${trader.id}`,
      })
      .returning({ id: notifications.id })
    const res = await send(t, '/api/discord/connect', {
      body: { token: tokenFor(who) },
      cookie: trader.cookie,
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.connection).toMatchObject({ discordUserId: who.id, username: who.username, dmProblem: null })
    expect(body.preview).toMatchObject({ username: who.username, itemName: 'Kitsune' })
    expect(await watchOf(trader.id, 'kitsune')).toMatchObject({ restock: true, value: true })
    expect((await linkOf(who.id))!.lastNotificationId).toBe(earlier!.id)

    // Now /watch answers at once for this Discord user.
    const watched = await run('watch', 'grow-a-garden:carrot', who)
    expect(await deferredText(watched, lastToken())).toBe(
      'Watching Carrot (Grow a Garden). TradeHub will DM you when it restocks or its value changes.',
    )

    const connection = await send(t, '/api/discord/connection', { cookie: trader.cookie })
    expect((await connection.json()).connection).toMatchObject({
      discordUserId: who.id,
      username: who.username,
    })
    const removed = await send(t, '/api/discord/connection', { method: 'DELETE', cookie: trader.cookie })
    expect(await removed.json()).toEqual({ connection: null })
    expect(await linkOf(who.id)).toBeUndefined()
    const after = await send(t, '/api/discord/connection', { cookie: trader.cookie })
    expect(await after.json()).toEqual({ connection: null })
  })

  it('refuses a changed or expired token (400), a Discord user of another account (409), and the signed out (401)', async () => {
    const trader = await signedInUser(t)
    const other = await signedInUser(t)
    const who = discordUser()
    const token = tokenFor(who)
    const tampered = `${token.slice(0, -2)}xx`
    const bad = await send(t, '/api/discord/connect', { body: { token: tampered }, cookie: trader.cookie })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error.message).toBe(DISCORD_CONNECT_MESSAGES.invalid)
    const expired = await send(t, '/api/discord/connect', {
      body: { token: tokenFor(who, new Date(Date.now() - 16 * 60_000)) },
      cookie: trader.cookie,
    })
    expect(expired.status).toBe(400)
    expect((await expired.json()).error.message).toBe(DISCORD_CONNECT_MESSAGES.expired)
    const empty = await send(t, '/api/discord/connect', { body: {}, cookie: trader.cookie })
    expect(empty.status).toBe(400)

    const signedOut = await send(t, '/api/discord/connect', { body: { token } })
    expect(signedOut.status).toBe(401)

    expect((await send(t, '/api/discord/connect', { body: { token }, cookie: other.cookie })).status).toBe(
      200,
    )
    const taken = await send(t, '/api/discord/connect', { body: { token }, cookie: trader.cookie })
    expect(taken.status).toBe(409)
    expect((await taken.json()).error.message).toBe(DISCORD_CONNECT_MESSAGES.takenByAnother)

    // A Discord user another account signs in with is that account's too.
    const signsIn = discordUser()
    await signsInWithDiscord(other.id, signsIn.id)
    const theirs = await send(t, '/api/discord/connect', {
      body: { token: tokenFor(signsIn) },
      cookie: trader.cookie,
    })
    expect(theirs.status).toBe(409)
    expect((await send(t, '/api/discord/connection', { method: 'DELETE' })).status).toBe(401)
  })

  it('bounds how often a trader connects or disconnects (10 a minute)', async () => {
    const trader = await signedInUser(t)
    const who = discordUser()
    expect(
      (await send(t, '/api/discord/connect', { body: { token: tokenFor(who) }, cookie: trader.cookie }))
        .status,
    ).toBe(200)
    for (let i = 0; i < 9; i++)
      expect(
        (await send(t, '/api/discord/connection', { method: 'DELETE', cookie: trader.cookie })).status,
      ).toBe(200)
    const refused = await send(t, '/api/discord/connection', { method: 'DELETE', cookie: trader.cookie })
    expect(refused.status).toBe(429)
    expect((await refused.json()).error.message).toBe(DISCORD_BOT_MESSAGES.tooManyChanges)
  })
})
