import { sign } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeItemImage } from '@/features/value-ops/server/public'
import { botInstallUrl } from '@/platform/server/env'
import { createTestApp } from '@/test/app'
import { TEST_APPLICATION_ID as APPLICATION_ID, discordKeyPair } from '@/test/discord-api'
import { type BotApp, createBotApp } from '@/test/discord-bot'
import { blackPng } from '@/test/images'
import { COMMANDS } from './commands'

describe('POST /api/discord/interactions', () => {
  const stranger = discordKeyPair()
  let bot: BotApp
  let send: BotApp['send']
  let command: (name: string, options: object[], type?: 2 | 4) => Promise<Response>
  beforeAll(async () => {
    bot = await createBotApp()
    send = bot.send
    command = (name, options, type = 2) => bot.command(name, options, { type })
  })
  afterAll(() => bot.close())

  it('answers a signed PING with PONG', async () => {
    const res = await send({ type: 1 })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ type: 1 })
  })

  it('refuses another key, a changed body, a missing signature and a stale timestamp with 401', async () => {
    expect((await send({ type: 1 }, { key: stranger.privateKey })).status).toBe(401)
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signature = sign(null, Buffer.from(`${timestamp}{"type":1}`), bot.key.privateKey).toString('hex')
    const tampered = await bot.t.app.request('/api/discord/interactions', {
      method: 'POST',
      headers: { 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp },
      body: '{"type": 1}',
    })
    expect(tampered.status).toBe(401)
    const unsigned = await bot.t.app.request('/api/discord/interactions', {
      method: 'POST',
      body: '{"type":1}',
    })
    expect(unsigned.status).toBe(401)
    const stale = await send({ type: 1 }, { at: Math.floor(Date.now() / 1000) - 5 * 60 - 5 })
    expect(stale.status).toBe(401)
    expect((await send({ type: 1 }, { at: Math.floor(Date.now() / 1000) - 60 })).status).toBe(200)
  })

  it('refuses a signed body that is not an interaction with 400', async () => {
    expect((await send(null, { raw: 'not json' })).status).toBe(400)
    expect((await send({ type: 99 })).status).toBe(400)
    expect((await send({ type: 2, token: 'x', data: { name: 'value', options: 'kitsune' } })).status).toBe(
      400,
    )
  })

  it('/value answers an embed with the exact and short value, demand, trend, last change and a link', async () => {
    const res = await command('value', [
      { name: 'item', type: 3, value: 'Kitsune' },
      { name: 'game', type: 3, value: 'blox-fruits' },
    ])
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.type).toBe(4)
    const [embed] = body.data.embeds
    expect(embed.title).toBe('Kitsune')
    expect(embed.description).toBe('Blox Fruits')
    expect(embed.url).toBe('http://localhost:3000/values/blox-fruits/kitsune')
    const field = (name: string) => embed.fields.find((f: { name: string }) => f.name === name)?.value
    expect(field('Value')).toMatch(/^[\d,]+ \([\d.]+[KMB]?\)$/)
    expect(field('Demand')).toBeDefined()
    expect(field('Trend')).toBeDefined()
    expect(body.data.components[0].components[0]).toMatchObject({
      type: 2,
      style: 5,
      url: 'http://localhost:3000/values/blox-fruits/kitsune',
    })
  })

  it("/value shows the item's picture, served by TradeHub, and no thumbnail for an item without one", async () => {
    const value = async (item: string) =>
      (await (await command('value', [{ name: 'item', type: 3, value: item }])).json()).data.embeds[0]
    expect((await value('blox-fruits:dough')).thumbnail).toBeUndefined()
    const catalog = { db: bot.t.database.db, cache: bot.t.cache }
    const stored = await storeItemImage(catalog, 'blox-fruits', 'dough', blackPng(64, 64), {
      source: 'upload',
    })
    if (!stored.stored) throw new Error('picture not stored')
    const url = `http://localhost:3000${stored.image}-256.webp`
    expect((await value('blox-fruits:dough')).thumbnail).toEqual({ url })
    expect((await bot.t.app.request(url.replace('http://localhost:3000', ''))).status).toBe(200)
  })

  it('/value takes an autocomplete choice (game:id) and a game option', async () => {
    const chosen = await (
      await command('value', [{ name: 'item', type: 3, value: 'blox-fruits:kitsune' }])
    ).json()
    expect(chosen.data.embeds[0].title).toBe('Kitsune')
    const inGame = await (
      await command('value', [
        { name: 'item', type: 3, value: 'kitsune' },
        { name: 'game', type: 3, value: 'blox-fruits' },
      ])
    ).json()
    expect(inGame.data.embeds[0].title).toBe('Kitsune')
  })

  it('/value answers an unknown item privately with the closest names, and refuses bad options', async () => {
    const unknown = await (await command('value', [{ name: 'item', type: 3, value: 'Kitsun' }])).json()
    expect(unknown.type).toBe(4)
    expect(unknown.data.flags).toBe(64)
    expect(unknown.data.content).toContain('No item called "Kitsun".')
    expect(unknown.data.content).toMatch(/Closest: Kitsune \((Blox Fruits|Grow a Garden)\)/)
    const nothing = await (await command('value', [{ name: 'item', type: 3, value: 'zzzzqqqq' }])).json()
    expect(nothing.data.content).toBe('No item called "zzzzqqqq".')
    const noItem = await (await command('value', [])).json()
    expect(noItem.data).toMatchObject({
      flags: 64,
      content: 'Name an item, for example /value item:Kitsune.',
    })
    const badGame = await (
      await command('value', [
        { name: 'item', type: 3, value: 'kitsune' },
        { name: 'game', type: 3, value: 'minecraft' },
      ])
    ).json()
    expect(badGame.data).toMatchObject({ flags: 64, content: 'That game is not on TradeHub.' })
    const unknownCommand = await (await command('dance', [])).json()
    expect(unknownCommand.data.flags).toBe(64)
  })

  it('autocomplete answers at most 25 choices ranked like the site search', async () => {
    const res = await command('value', [{ name: 'item', type: 3, value: 'kitsu', focused: true }], 4)
    const body = await res.json()
    expect(body.type).toBe(8)
    // Kitsune is in two games: both lead, ranked by value as on the site search.
    expect(body.data.choices.slice(0, 2)).toContainEqual({
      name: 'Kitsune (Blox Fruits)',
      value: 'blox-fruits:kitsune',
    })
    const many = await (
      await command('value', [{ name: 'item', type: 3, value: 'a', focused: true }], 4)
    ).json()
    expect(many.data.choices.length).toBe(25)
    const inGame = await (
      await command(
        'value',
        [
          { name: 'item', type: 3, value: 'a', focused: true },
          { name: 'game', type: 3, value: 'grow-a-garden' },
        ],
        4,
      )
    ).json()
    expect(inGame.data.choices.every((c: { value: string }) => c.value.startsWith('grow-a-garden:'))).toBe(
      true,
    )
    const empty = await (
      await command('value', [{ name: 'item', type: 3, value: '', focused: true }], 4)
    ).json()
    expect(empty.data.choices).toEqual([])
  })

  it('the registered commands are the ones answered', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual([
      'value',
      'wfl',
      'stock',
      'track',
      'untrack',
      'watch',
      'unwatch',
    ])
    expect(COMMANDS[0].options[0]).toMatchObject({ name: 'item', autocomplete: true, required: true })
  })
})

describe('without the bot configured', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('the endpoint answers 404', async () => {
    const res = await t.app.request('/api/discord/interactions', { method: 'POST', body: '{"type":1}' })
    expect(res.status).toBe(404)
  })
})

describe('/invite-bot', () => {
  it('installs the bot from its application id, with its commands and the permissions it needs', async () => {
    const t = await createTestApp({
      catalog: false,
      env: {
        DISCORD_APPLICATION_ID: APPLICATION_ID,
        DISCORD_BOT_INVITE_URL: 'https://example.com/old-invite',
      },
    })
    try {
      const res = await t.app.request('/invite-bot')
      expect(res.status).toBe(302)
      const url = new URL(res.headers.get('location')!)
      expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize')
      expect(url.searchParams.get('client_id')).toBe(APPLICATION_ID)
      expect(url.searchParams.get('scope')).toBe('bot applications.commands')
      expect(url.searchParams.get('permissions')).toBe('19456')
      expect(res.headers.get('location')).toBe(botInstallUrl(APPLICATION_ID))
      const links = await (await t.app.request('/api/site/links')).json()
      expect(links.discordBotInviteUrl).toBe(botInstallUrl(APPLICATION_ID))
    } finally {
      await t.close()
    }
  })
})
