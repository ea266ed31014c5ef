import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ItemSummary } from '@/features/catalog/contract'
import { discordBotMessages, discordTracks } from '@/features/discord/tables'
import { userRoles } from '@/features/roles/tables'
import { storeItemImage } from '@/features/value-ops/server/public'
import { createMagicLinkUser, meOf, send } from '@/test/accounts'
import type { createTestApp } from '@/test/app'
import { TEST_ORIGIN } from '@/test/app'
import { json, TEST_APPLICATION_ID, TEST_GUILD, TEST_MEMBER } from '@/test/discord-api'
import {
  type BotApp,
  createBotApp,
  type DiscordApiStandIn,
  startBotWorkers,
  TEST_BOT_TOKEN,
} from '@/test/discord-bot'
import { blackPng } from '@/test/images'
import { restockPost } from './track'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const ROLE = '555555555555555555'
let n = 0
/** A channel id no other test of this file uses. */
const newChannel = () => String(600_000_000_000_000_000n + BigInt(++n))
const textChannel = (id: string, type = 0) => ({ channels: { [id]: { id, name: 'stock', type } } })

/** A Blox Fruits stock manager's cookie. */
async function stockManager(t: TestApp, email: string) {
  const { cookie } = await createMagicLinkUser(t, email)
  const { id } = await meOf(t, cookie)
  await t.database.db.insert(userRoles).values({ userId: id, role: 'blox-fruits-stock-manager' })
  return cookie
}

describe('/track and /untrack: restocks posted in a channel', () => {
  let bot: BotApp
  let t: TestApp
  let discord: DiscordApiStandIn
  let command: BotApp['command']
  let manager: string
  let stopWorkers: () => Promise<void>
  let tokens = 0

  beforeAll(async () => {
    bot = await createBotApp({ standIn: true })
    ;({ t, command } = bot)
    discord = bot.discord!
    manager = await stockManager(t, 'bf-stock-manager@example.com')
    stopWorkers = await startBotWorkers(t)
  })
  afterAll(async () => {
    await stopWorkers()
    await bot.close()
  })

  /** A command run in the test server by a member (with Manage Server unless `permissions` says otherwise). */
  const inServer = (name: string, options: object[], extra: Record<string, unknown> = {}) => {
    const token = `track-token-${++tokens}`
    return {
      token,
      response: command(name, options, { guild_id: TEST_GUILD.id, member: TEST_MEMBER, token, ...extra }),
    }
  }
  const track = (channel: string, more: object[] = [], extra: Record<string, unknown> = {}) =>
    inServer(
      'track',
      [
        { name: 'game', type: 3, value: 'blox-fruits' },
        { name: 'channel', type: 7, value: channel },
        ...more,
      ],
      { resolved: textChannel(channel), ...extra },
    )
  /** The deferred reply's text, once the bot edited its "thinking…" message. */
  const completion = async (token: string) => {
    const path = `/webhooks/${TEST_APPLICATION_ID}/${token}/messages/@original`
    await expect.poll(() => discord.sentTo(path).length).toBe(1)
    const [edit] = discord.sentTo(path)
    expect(edit!.method).toBe('PATCH')
    return (edit!.body as { content: string }).content
  }
  const posts = (channel: string) => discord.sentTo(`/channels/${channel}/messages`)
  const publish = async (items: { item: string; quantity?: number }[]) => {
    const res = await send(t, '/api/stock/blox-fruits/reports', {
      body: { shop: 'normal', items },
      cookie: manager,
    })
    expect([200, 201]).toContain(res.status)
  }

  it('refuses outside a server, without Manage Server, and with a bad channel or rarity', async () => {
    const channel = newChannel()
    const answer = async (r: { response: Promise<Response> }) => (await (await r.response).json()).data
    const inDm = await (
      await command(
        'track',
        [
          { name: 'game', type: 3, value: 'blox-fruits' },
          { name: 'channel', type: 7, value: channel },
        ],
        { user: TEST_MEMBER.user, resolved: textChannel(channel) },
      )
    ).json()
    expect(inDm.data).toMatchObject({ flags: 64, content: 'Use this command in a server.' })
    const noPermission = await answer(track(channel, [], { member: { ...TEST_MEMBER, permissions: '2048' } }))
    expect(noPermission.content).toBe(
      'You need the Manage Server permission to change where restocks are posted.',
    )
    const voice = await answer(track(channel, [], { resolved: textChannel(channel, 2) }))
    expect(voice.content).toBe('Pick a text or announcement channel.')
    const badRarity = await answer(track(channel, [{ name: 'rarity', type: 3, value: 'Divine' }]))
    expect(badRarity.content).toBe(
      'Divine is not a rarity of Blox Fruits: pick Common, Uncommon, Rare, Legendary, Mythical.',
    )
    const badGame = await answer(
      inServer('track', [
        { name: 'game', type: 3, value: 'adopt-me' },
        { name: 'channel', type: 7, value: channel },
      ]),
    )
    expect(badGame.content).toBe('Pick Grow a Garden or Blox Fruits.')
    const [row] = await t.database.db.select().from(discordTracks).where(eq(discordTracks.channelId, channel))
    expect(row).toBeUndefined()
  })

  it('a manager tracks a channel: a deferred reply, a first post, then each restock, pinging the role for a Mythical', async () => {
    const channel = newChannel()
    const { token, response } = track(channel, [
      { name: 'role', type: 8, value: ROLE },
      { name: 'rarity', type: 3, value: 'Mythical' },
    ])
    const res = await response
    expect(await res.json()).toEqual({ type: 5, data: { flags: 64 } })
    expect(await completion(token)).toBe(
      `Tracking Blox Fruits restocks in <#${channel}>, pinging <@&${ROLE}> when a Mythical or rarer item is in stock.`,
    )
    await expect.poll(() => posts(channel).length).toBe(1)
    expect(posts(channel)[0]!.headers.authorization).toBe(`Bot ${TEST_BOT_TOKEN}`)
    expect((posts(channel)[0]!.body as { content: string }).content).toBe(
      'TradeHub will post every Blox Fruits restock in this channel.',
    )

    // A restock with a Mythical pings the role; only that role may be mentioned.
    // The dealer has no quantities (a fruit is on sale or not): none is shown, whatever is sent.
    await publish([{ item: 'kitsune', quantity: 1 }, { item: 'spike' }])
    await expect.poll(() => posts(channel).length).toBe(2)
    const post = posts(channel)[1]!.body as {
      content: string
      embeds: { title: string; description: string; url: string; thumbnail?: { url: string } }[]
      allowed_mentions: object
    }
    expect(post.content).toBe(`<@&${ROLE}> Kitsune in stock`)
    expect(post.allowed_mentions).toEqual({ parse: [], roles: [ROLE] })
    expect(post.embeds[0]!.title).toBe('Blox Fruits · Blox Fruit Dealer')
    expect(post.embeds[0]!.url).toBe(`${TEST_ORIGIN}/stock/blox-fruits`)
    expect(post.embeds[0]!.description).toContain('**Kitsune** · Mythical')
    expect(post.embeds[0]!.description).toContain('**Spike** · Common')
    expect(post.embeds[0]!.description).not.toContain('×')
    expect(post.embeds[0]!.description).toMatch(/Next restock <t:\d+:R>$/)
    // Neither fruit has a picture: no thumbnail.
    expect(post.embeds[0]!.thumbnail).toBeUndefined()

    // A correction of the same window edits that message instead of posting another.
    // The stand-in has the post before the worker records Discord's message id: wait for the record.
    const restockMessageId = async () => {
      const [row] = await t.database.db
        .select({ messageId: discordBotMessages.messageId })
        .from(discordBotMessages)
        .where(eq(discordBotMessages.target, channel))
        .orderBy(discordBotMessages.id)
        .offset(1)
      return row?.messageId ?? ''
    }
    await expect.poll(restockMessageId).toMatch(/^\d+$/)
    const messageId = await restockMessageId()
    // Spike has a picture by then: the edit shows it, from TradeHub.
    const catalog = { db: t.database.db, cache: t.cache }
    const stored = await storeItemImage(catalog, 'blox-fruits', 'spike', blackPng(64, 64), {
      source: 'upload',
    })
    if (!stored.stored) throw new Error('picture not stored')
    await publish([{ item: 'spike' }])
    const editPath = `/channels/${channel}/messages/${messageId}`
    await expect.poll(() => discord.sentTo(editPath).length).toBe(1)
    const edit = discord.sentTo(editPath)[0]!
    expect(edit.method).toBe('PATCH')
    const edited = edit.body as { content?: string; embeds: { description: string; thumbnail?: object }[] }
    expect(edited.embeds[0]!.description).toContain('**Spike** · Common')
    expect(edited.embeds[0]!.thumbnail).toEqual({ url: `${TEST_ORIGIN}${stored.image}-256.webp` })
    expect(edited.embeds[0]!.description).not.toContain('Kitsune')
    expect(edited.content).toBeUndefined()
    expect(posts(channel).filter((p) => p.method === 'POST')).toHaveLength(2)

    // /untrack stops it; a second time says there was nothing to stop.
    const untrack = () =>
      inServer(
        'untrack',
        [
          { name: 'game', type: 3, value: 'blox-fruits' },
          { name: 'channel', type: 7, value: channel },
        ],
        { resolved: textChannel(channel) },
      )
    const first = untrack()
    await first.response
    expect(await completion(first.token)).toBe(`Stopped posting Blox Fruits restocks in <#${channel}>.`)
    const second = untrack()
    await second.response
    expect(await completion(second.token)).toBe(`<#${channel}> was not tracking Blox Fruits.`)
    const [gone] = await t.database.db
      .select()
      .from(discordTracks)
      .where(eq(discordTracks.channelId, channel))
    expect(gone).toBeUndefined()
  })

  it("Discord's 429 is waited out for its retry_after, then the post goes", async () => {
    const channel = newChannel()
    discord.reply(
      `/channels/${channel}/messages`,
      json(429, { message: 'You are being rate limited.', retry_after: 0.3, global: false }),
    )
    const { token, response } = track(channel)
    await response
    await completion(token)
    await expect.poll(() => posts(channel).length).toBe(2)
    const [limited, sent] = posts(channel)
    expect(sent!.at - limited!.at).toBeGreaterThanOrEqual(300)
    // Sent on its second attempt (the worker records it just after Discord answered).
    const row = async () =>
      (await t.database.db.select().from(discordBotMessages).where(eq(discordBotMessages.target, channel)))[0]
    await expect.poll(async () => (await row())?.status).toBe('sent')
    expect(await row()).toMatchObject({ attempts: 2, lastError: null })
  })

  it('a channel that answers 403 is switched off, and the next manager to run a command is told once', async () => {
    const channel = newChannel()
    discord.reply(`/channels/${channel}/messages`, json(403, { message: 'Missing Access', code: 50001 }))
    const { token, response } = track(channel)
    await response
    await completion(token)
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(discordTracks).where(eq(discordTracks.channelId, channel)))[0]
            ?.switchedOffAt,
      )
      .toBeInstanceOf(Date)
    // A restock is not posted there any more.
    await publish([{ item: 'dough', quantity: 1 }])
    const value = (member = TEST_MEMBER) =>
      command('value', [{ name: 'item', type: 3, value: 'blox-fruits:dough' }], {
        guild_id: TEST_GUILD.id,
        member,
      })
    // A member who cannot fix it is not told; the next one who can is, once.
    const plain = await (await value({ ...TEST_MEMBER, permissions: '0' })).json()
    expect(plain.data.content).toBeUndefined()
    const told = await (await value()).json()
    expect(told.data.content).toBe(
      `⚠️ TradeHub stopped posting Blox Fruits restocks in <#${channel}> (Discord answered 403: Missing Access). Let the bot view the channel, send messages and embed links there, then run /track again.`,
    )
    expect(told.data.embeds[0].title).toBe('Dough')
    const again = await (await value()).json()
    expect(again.data.content).toBeUndefined()
    expect(posts(channel)).toHaveLength(1)
  })

  it('bounds the channels of a server and the changes of one member', async () => {
    const guild = '777777777777777777'
    const member = (id: number) => ({
      user: { id: String(800_000_000_000_000_000n + BigInt(id)) },
      permissions: '8',
    })
    const tracked: string[] = []
    for (let i = 0; i < 10; i++) {
      const channel = newChannel()
      tracked.push(channel)
      const run = track(channel, [], { guild_id: guild, member: member(i % 2) })
      await run.response
      expect(await completion(run.token)).toMatch(/^Tracking Blox Fruits restocks/)
    }
    const eleventh = track(newChannel(), [], { guild_id: guild, member: member(2) })
    await eleventh.response
    expect(await completion(eleventh.token)).toBe(
      'A server can track at most 10 channels. Use /untrack first.',
    )
    // Tracking a channel again changes it, within the bound.
    const retrack = track(tracked[0]!, [{ name: 'role', type: 8, value: ROLE }], {
      guild_id: guild,
      member: member(2),
    })
    await retrack.response
    expect(await completion(retrack.token)).toMatch(/pinging <@&\d+> when a Legendary or rarer item/)
    // Ten changes a minute per member: the member who made five makes five more, then is stopped.
    for (let i = 0; i < 6; i++) {
      const run = inServer(
        'untrack',
        [
          { name: 'game', type: 3, value: 'grow-a-garden' },
          { name: 'channel', type: 7, value: tracked[0]! },
        ],
        { guild_id: guild, member: member(0), resolved: textChannel(tracked[0]!) },
      )
      await run.response
      const text = await completion(run.token)
      expect(text).toBe(
        i < 5
          ? `<#${tracked[0]}> was not tracking Grow a Garden.`
          : 'Too many changes at once. Try again in a minute.',
      )
    }
  })
})

describe('a restock post', () => {
  const fruit = (id: string, rarity: string, value: number, image: string | null) =>
    [id, { id, name: id, rarity, value, image } as ItemSummary] as const
  const post = (items: Map<string, ItemSummary>) =>
    restockPost(
      'https://tradehub.example',
      { gameId: 'blox-fruits', roleId: null, rarity: null },
      {
        reportId: 1,
        shop: 'normal',
        windowStart: new Date().toISOString(),
        windowEnd: new Date(Date.now() + 60_000).toISOString(),
        items: [...items.keys()].map((item) => ({ item })),
      },
      items,
    ).embeds?.[0] as { thumbnail?: object }

  it('shows the picture of its rarest item that has one, on TradeHub, and none when no item has one', () => {
    const pictured = new Map([
      fruit('spike', 'Common', 5, '/uploads/items/blox-fruits/spike-1a'),
      fruit('dough', 'Mythical', 2, null),
      fruit('kitsune', 'Mythical', 1, '/uploads/items/blox-fruits/kitsune-2b'),
      fruit('portal', 'Legendary', 9, '/uploads/items/blox-fruits/portal-3c'),
    ])
    expect(post(pictured).thumbnail).toEqual({
      url: 'https://tradehub.example/uploads/items/blox-fruits/kitsune-2b-256.webp',
    })
    expect(post(new Map([fruit('spike', 'Common', 5, null)])).thumbnail).toBeUndefined()
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('post each restock once, and its correction as one edit', async () => {
    const first = await createBotApp({ standIn: true })
    const second = await createBotApp({ like: first })
    const [a, b, discord] = [first.t, second.t, first.discord!]
    const stops = [await startBotWorkers(a), await startBotWorkers(b)]
    try {
      const channel = newChannel()
      const token = 'two-instances-track'
      await second.command(
        'track',
        [
          { name: 'game', type: 3, value: 'blox-fruits' },
          { name: 'channel', type: 7, value: channel },
        ],
        { guild_id: TEST_GUILD.id, member: TEST_MEMBER, token, resolved: textChannel(channel) },
      )
      const manager = await stockManager(a, 'bf-two-instances@example.com')
      const publish = async (shop: string, items: object[]) =>
        expect([200, 201]).toContain(
          (await send(a, '/api/stock/blox-fruits/reports', { body: { shop, items }, cookie: manager }))
            .status,
        )
      await expect.poll(async () => (await a.database.db.select().from(discordTracks)).length).toBe(1)
      await publish('normal', [{ item: 'buddha' }])
      await publish('mirage', [{ item: 'portal' }])
      await publish('normal', [{ item: 'buddha' }, { item: 'dough' }])
      const sent = async () =>
        (
          await a.database.db.select().from(discordBotMessages).where(eq(discordBotMessages.target, channel))
        ).filter((m) => m.status === 'sent').length
      // The first post, two restocks and a correction: four messages, each sent once.
      await expect.poll(sent).toBe(4)
      const toChannel = discord.received.filter((r) => r.path.startsWith(`/channels/${channel}/messages`))
      expect(toChannel.filter((r) => r.method === 'POST')).toHaveLength(3)
      expect(toChannel.filter((r) => r.method === 'PATCH')).toHaveLength(1)
      expect(discord.sentTo(`/webhooks/${TEST_APPLICATION_ID}/${token}/messages/@original`)).toHaveLength(1)
    } finally {
      for (const stop of stops) await stop()
      await second.close()
      await first.close()
    }
  })
})
