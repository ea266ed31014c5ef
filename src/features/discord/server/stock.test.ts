import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StockResponse, stockResponseSchema } from '@/features/stock/contract'
import { STOCK_SHOPS, windowAt } from '@/features/stock/rules'
import { storeItemImage } from '@/features/value-ops/server/public'
import { postStock, signedInUser } from '@/test/alert-delivery'
import { type BotApp, createBotApp } from '@/test/discord-bot'
import { blackPng } from '@/test/images'

interface Embed {
  title: string
  url: string
  description: string
  thumbnail?: { url: string }
}

describe('/stock', () => {
  let bot: BotApp
  beforeAll(async () => {
    bot = await createBotApp()
  })
  afterAll(() => bot.close())

  const stock = async (game: string) => {
    const res = await bot.command('stock', [{ name: 'game', type: 3, value: game }])
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.type).toBe(4)
    return body.data
  }
  const siteStock = async (game: string): Promise<StockResponse> => {
    const res = await bot.t.app.request(`/api/stock/${game}`)
    expect(res.status).toBe(200)
    return stockResponseSchema.parse(await res.json())
  }
  const embedOf = (embeds: Embed[], title: string) => embeds.find((e) => e.title === title)
  /** Gives the item a picture as the value team's upload does; its address on the site, 256 px. */
  const givePicture = async (game: 'grow-a-garden' | 'blox-fruits', item: string) => {
    const catalog = { db: bot.t.database.db, cache: bot.t.cache }
    const stored = await storeItemImage(catalog, game, item, blackPng(64, 64), { source: 'upload' })
    if (!stored.stored) throw new Error('picture not stored')
    return `http://localhost:3000${stored.image}-256.webp`
  }

  it('says so for every shop with no report yet, with its next restock and a link to the stock page', async () => {
    const data = await stock('blox-fruits')
    expect(data.flags).toBeUndefined()
    const embeds = data.embeds as Embed[]
    expect(embeds.map((e) => e.title)).toEqual(
      STOCK_SHOPS['blox-fruits'].map((s) => `Blox Fruits · ${s.name}`),
    )
    for (const [k, embed] of embeds.entries()) {
      const shop = STOCK_SHOPS['blox-fruits'][k]!
      expect(embed.description).toContain('No report yet.')
      if (shop.kind === 'clock') expect(embed.description).toMatch(/Next restock <t:\d+:R>$/)
      expect(embed.url).toBe('http://localhost:3000/stock/blox-fruits')
      expect(embed.thumbnail).toBeUndefined()
    }
    expect(embeds.some((e) => e.title.includes('Weather'))).toBe(false)
    expect(data.components[0].components[0]).toMatchObject({
      style: 5,
      url: 'http://localhost:3000/stock/blox-fruits',
    })
  })

  it('lists a published report with quantities, the next restock as <t:unix:R> and the weather', async () => {
    const manager = await signedInUser(bot.t, undefined, ['grow-a-garden-stock-manager'])
    // Both eggs have a picture: the shop's thumbnail is the rarer one's (Mythical).
    await givePicture('grow-a-garden', 'common-egg')
    const mythicalPicture = await givePicture('grow-a-garden', 'mythical-egg')
    const now = Date.now()
    const eggs = await postStock(
      bot.t,
      'grow-a-garden',
      {
        // The egg shop restocks every 30 minutes: the report stays current while the test reads it.
        shop: 'eggs',
        items: [
          { item: 'common-egg', quantity: 17 },
          { item: 'mythical-egg', quantity: 2 },
        ],
      },
      { cookie: manager.cookie },
    )
    expect(eggs.status).toBe(201)
    const rain = await postStock(
      bot.t,
      'grow-a-garden',
      {
        shop: 'weather',
        weather: 'rain',
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 10 * 60_000).toISOString(),
      },
      { cookie: manager.cookie },
    )
    expect(rain.status).toBe(201)
    // The site's stock shows the report: the bot reads the same snapshot.
    const site = await siteStock('grow-a-garden')
    const eggShop = site.shops.find((s) => s.id === 'eggs')!
    expect(eggShop.report?.items).toHaveLength(2)
    expect(eggShop.report?.items).toContainEqual({ item: 'common-egg', quantity: 17 })

    const data = await stock('grow-a-garden')
    const embeds = data.embeds as Embed[]
    expect(embeds.length).toBeLessThanOrEqual(10)
    const eggEmbed = embedOf(embeds, 'Grow a Garden · Egg Shop')
    expect(eggEmbed).toBeDefined()
    expect(eggEmbed!.description).toMatch(/\*\*Common Egg\*\* ×17/)
    expect(eggEmbed!.description).toMatch(/\*\*Mythical Egg\*\* ×2/)
    const nextRestock = Math.floor(windowAt(eggShop, Date.now()).end / 1000)
    expect(eggEmbed!.description).toContain(`Next restock <t:${nextRestock}:R>`)
    expect(eggEmbed!.thumbnail).toEqual({ url: mythicalPicture })
    expect((await bot.t.app.request(mythicalPicture.replace('http://localhost:3000', ''))).status).toBe(200)
    const weather = embedOf(embeds, 'Grow a Garden · Weather')
    expect(weather?.description).toBe(`**Rain** · ends <t:${Math.floor((now + 10 * 60_000) / 1000)}:R>`)
    // The shops without a report say so.
    const gear = embeds.find((e) => e.title.includes('Gear'))
    expect(gear?.description).toContain('No report yet.')
    expect(gear?.thumbnail).toBeUndefined()
    expect(weather?.thumbnail).toBeUndefined()
    expect(data.components[0].components[0].url).toBe('http://localhost:3000/stock/grow-a-garden')
  })

  it('shows the picture of the rarest item in stock that has one, and none when no item has a picture', async () => {
    const manager = await signedInUser(bot.t, undefined, ['blox-fruits-stock-manager'])
    const dealer = async (items: string[]) => {
      const posted = await postStock(
        bot.t,
        'blox-fruits',
        { shop: 'normal', items: items.map((item) => ({ item })) },
        { cookie: manager.cookie },
      )
      expect([200, 201]).toContain(posted.status)
      // The bot's stock is rebuilt when the change is announced: read until it lists these items.
      const dealerEmbed = async () =>
        embedOf((await stock('blox-fruits')).embeds, 'Blox Fruits · Blox Fruit Dealer')!
      const listed = async () =>
        [...(await dealerEmbed()).description.matchAll(/\*\*(.+?)\*\*/g)].map((m) => m[1]!.toLowerCase())
      await expect.poll(async () => (await listed()).sort()).toEqual([...items].sort())
      return dealerEmbed()
    }
    expect((await dealer(['kitsune', 'spike'])).thumbnail).toBeUndefined()
    // Only the Common fruit has a picture: it is shown, not the Mythical one's tile.
    const spike = await givePicture('blox-fruits', 'spike')
    expect((await dealer(['spike', 'kitsune', 'dough'])).thumbnail).toEqual({ url: spike })
    // The Mythical fruit gets one: it is rarer.
    const kitsune = await givePicture('blox-fruits', 'kitsune')
    expect((await dealer(['spike', 'kitsune'])).thumbnail).toEqual({ url: kitsune })
  })

  it('refuses a game without a stock tracker privately', async () => {
    for (const game of ['adopt-me', 'minecraft', '']) {
      const data = await stock(game)
      expect(data.flags).toBe(64)
      expect(data.content).toBe('TradeHub tracks the stock of Grow a Garden and Blox Fruits.')
    }
  })
})
