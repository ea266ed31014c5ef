import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TradeResponse, tradeResponseSchema } from '@/features/catalog/contract'
import { sharedTradePageHead } from '@/features/catalog/server/page-head'
import { storeItemImage } from '@/features/value-ops/server/public'
import type { AppDeps } from '@/platform/server/context'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { type BotApp, createBotApp } from '@/test/discord-bot'
import { blackPng } from '@/test/images'

interface Choice {
  name: string
  value: string
}
interface Field {
  name: string
  value: string
}

describe('/wfl', () => {
  let bot: BotApp
  beforeAll(async () => {
    bot = await createBotApp()
  })
  afterAll(() => bot.close())

  const wfl = async (give: string, get: string, extra: object[] = [], game = 'blox-fruits') => {
    const res = await bot.command('wfl', [
      { name: 'game', type: 3, value: game },
      { name: 'give', type: 3, value: give },
      { name: 'get', type: 3, value: get },
      ...extra,
    ])
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.type).toBe(4)
    return body.data
  }
  const suggest = async (focused: 'give' | 'get', value: string, game?: string) => {
    const options: object[] = [{ name: focused, type: 3, value, focused: true }]
    if (game) options.unshift({ name: 'game', type: 3, value: game })
    const res = await bot.command('wfl', options, { type: 4 })
    const body = await res.json()
    expect(body.type).toBe(8)
    return body.data.choices as Choice[]
  }
  /** The site's own answer for the same trade (GET /api/games/:game/trade). */
  const site = async (query: string, game = 'blox-fruits'): Promise<TradeResponse> => {
    const res = await bot.t.app.request(`/api/games/${game}/trade?${query}`)
    expect(res.status).toBe(200)
    return tradeResponseSchema.parse(await res.json())
  }
  const field = (embed: { fields: Field[] }, name: string) => embed.fields.find((f) => f.name === name)?.value
  const withShort = (n: number) => `${formatValueFull(n)} (${formatValue(n)})`

  it('answers ids, names, quantities and a variant with the site’s verdict, totals, difference and a calculator link', async () => {
    const data = await wfl('kitsune, Dough*2', 'West Dragon~Permanent')
    const expected = await site('give=kitsune,dough*2&get=west-dragon~permanent')
    expect(data.flags).toBeUndefined()
    const [embed] = data.embeds
    const verdict = expected.result.verdict
    expect(verdict).not.toBeNull()
    expect(embed.title).toBe({ win: 'Win', fair: 'Fair', loss: 'Loss' }[verdict!])
    expect(field(embed, 'You give')).toContain(withShort(expected.result.give.total))
    expect(field(embed, 'You give')).toContain('Dough ×2')
    expect(field(embed, 'You get')).toContain(withShort(expected.result.get.total))
    expect(field(embed, 'You get')).toContain('West Dragon (permanent)')
    const diff = expected.result.difference
    expect(field(embed, 'Difference')).toContain(`${diff > 0 ? '+' : ''}${formatValueFull(diff)}`)
    expect(embed.description).toContain(expected.rule)
    expect(data.components[0].components[0]).toEqual({
      type: 2,
      style: 5,
      label: 'Open in the calculator',
      url: 'http://localhost:3000/values-and-wfl?tab=wfl&game=blox-fruits&give=kitsune,dough*2&get=west-dragon~permanent&band=10',
    })
  })

  it("shows the card the trade's share link previews with, and the picture of its most valuable item that has one", async () => {
    const catalog = { db: bot.t.database.db, cache: bot.t.cache }
    /** The calculator page's og:image for the share link the bot links (its page head, as the server renders it). */
    const ogImage = async (calculator: string) => {
      const deps = { database: bot.t.database, cache: bot.t.cache } as unknown as AppDeps
      const match = { page: { path: '/values-and-wfl', title: '', description: '' }, params: {} }
      const head = await sharedTradePageHead(deps, match, new URL(calculator))
      return head && head !== 'not-found' ? `http://localhost:3000${head.image}` : undefined
    }
    const card = async (give: string, get: string) => {
      const data = await wfl(give, get)
      const url = data.embeds[0].image?.url as string
      expect(url).toBe(await ogImage(data.components[0].components[0].url))
      return { embed: data.embeds[0], url }
    }

    // No item has a picture: the card (with the items' tiles), no thumbnail.
    const plain = await card('kitsune, dough*2', 'west-dragon~permanent')
    expect(plain.url).toMatch(
      /^http:\/\/localhost:3000\/og\/trade\.png\?game=blox-fruits&give=kitsune,dough\*2&get=west-dragon~permanent&band=10&v=[0-9a-z]+$/,
    )
    expect(plain.embed.thumbnail).toBeUndefined()
    // The address is the image TradeHub draws for it: its version is the image's ETag.
    const res = await bot.t.app.request(plain.url.replace('http://localhost:3000', ''))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('etag')).toBe(`"${new URL(plain.url).searchParams.get('v')}"`)

    // Two of the three items get a picture: the thumbnail is the more valuable one's, served by TradeHub.
    const pictures = new Map<string, string>()
    for (const id of ['dough', 'west-dragon']) {
      const stored = await storeItemImage(catalog, 'blox-fruits', id, blackPng(64, 64), { source: 'upload' })
      if (!stored.stored) throw new Error('picture not stored')
      pictures.set(id, stored.image)
    }
    const items = (await site('give=kitsune,dough*2&get=west-dragon~permanent')).items
    const [best] = items.filter((i) => pictures.has(i.id)).sort((a, b) => (b.value ?? -1) - (a.value ?? -1))
    const pictured = await card('kitsune, dough*2', 'west-dragon~permanent')
    expect(pictured.embed.thumbnail).toEqual({
      url: `http://localhost:3000${pictures.get(best!.id)}-256.webp`,
    })
    expect((await bot.t.app.request(`${pictures.get(best!.id)}-256.webp`)).status).toBe(200)
    // The card now draws those pictures: another address.
    expect(pictured.url).not.toBe(plain.url)
  })

  it('takes the band option and answers as the site does for that band', async () => {
    for (const band of [2, 10, 25] as const) {
      const data = await wfl('west-dragon', 'East Dragon', [{ name: 'band', type: 4, value: band }])
      const expected = await site(`give=west-dragon&get=east-dragon&band=${band}`)
      expect(data.embeds[0].title).toBe({ win: 'Win', fair: 'Fair', loss: 'Loss' }[expected.result.verdict!])
      expect(data.components[0].components[0].url).toContain(`&band=${band}`)
    }
    // About 14 % apart: a Loss within ±10 %, Fair within ±25 %.
    expect(
      (await wfl('west-dragon', 'east-dragon', [{ name: 'band', type: 4, value: 10 }])).embeds[0].title,
    ).toBe('Loss')
    expect(
      (await wfl('west-dragon', 'east-dragon', [{ name: 'band', type: 4, value: 25 }])).embeds[0].title,
    ).toBe('Fair')
  })

  it('lists the items without a value on a line of their own', async () => {
    const data = await wfl('kitsune, Dragon Token', 'dough')
    expect(field(data.embeds[0], 'Not counted (no value yet)')).toBe('Dragon Token')
  })

  it('answers bad input privately, saying what is wrong', async () => {
    const refusals: [string, string, object[], string, RegExp][] = [
      [' , ,', 'dough', [], 'blox-fruits', /^Put at least one item in give/],
      ['kitsune', 'Kitsuen', [], 'blox-fruits', /^No Blox Fruits item called "Kitsuen"\. Closest: .*Kitsune/],
      [
        Array(13).fill('dough').join(','),
        'kitsune',
        [],
        'blox-fruits',
        /^At most 12 items on a side: give has 13\./,
      ],
      ['kitsune*0', 'dough', [], 'blox-fruits', /"kitsune\*0" is not a slot/],
      ['kitsune!gold', 'dough', [], 'blox-fruits', /Grow a Garden crops and pets/],
      ['kitsune~bogus', 'dough', [], 'blox-fruits', /^Unknown variants: kitsune~bogus/],
      ['*2', 'dough', [], 'blox-fruits', /names no item/],
      ['kitsune', 'dough', [], 'minecraft', /^That game is not on TradeHub\.$/],
      ['kitsune', 'dough', [{ name: 'band', type: 4, value: 7 }], 'blox-fruits', /^The band is one of/],
    ]
    for (const [give, get, extra, game, message] of refusals) {
      const data = await wfl(give, get, extra, game)
      expect(data.flags, `${give} / ${get}`).toBe(64)
      expect(data.embeds).toBeUndefined()
      expect(data.content).toMatch(message)
    }
  })

  it('autocompletes the last item typed, keeping the earlier parts as typed', async () => {
    const choices = await suggest('give', 'kitsune, dough*2, Drag', 'blox-fruits')
    expect(choices.length).toBeGreaterThan(0)
    expect(choices.length).toBeLessThanOrEqual(25)
    expect(choices).toContainEqual({
      name: 'kitsune, dough*2, West Dragon',
      value: 'kitsune, dough*2, west-dragon',
    })
    for (const c of choices) {
      expect(c.value.startsWith('kitsune, dough*2, ')).toBe(true)
      expect(c.name.startsWith('kitsune, dough*2, ')).toBe(true)
    }
    // A tail typed after the name stays; the chosen value is a trade /wfl takes.
    const tailed = await suggest('get', 'west drag~permanent', 'blox-fruits')
    expect(tailed[0]).toEqual({ name: 'West Dragon~permanent', value: 'west-dragon~permanent' })
    const data = await wfl(choices.find((c) => c.value.endsWith('west-dragon'))!.value, tailed[0]!.value)
    expect(data.embeds[0].title).toMatch(/^(Win|Fair|Loss)$/)
  })

  it('autocompletes at most 25 choices of at most 100 characters, in every game until one is chosen', async () => {
    const many = await suggest('get', 'a')
    expect(many.length).toBe(25)
    const inGame = await suggest('get', 'a', 'grow-a-garden')
    expect(inGame.length).toBe(25)
    const long = `${'kitsune, '.repeat(10)}a`
    const near = await suggest('give', long, 'grow-a-garden')
    expect(near.length).toBeLessThan(25)
    for (const c of [...many, ...inGame, ...near]) {
      expect(c.name.length).toBeLessThanOrEqual(100)
      expect(c.value.length).toBeLessThanOrEqual(100)
    }
    expect(await suggest('give', 'kitsune, ', 'blox-fruits')).toEqual([])
    const notASide = await bot.command('wfl', [{ name: 'game', type: 3, value: 'blox', focused: true }], {
      type: 4,
    })
    expect((await notASide.json()).data.choices).toEqual([])
  })
})
