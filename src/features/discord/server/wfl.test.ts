import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TradeResponse, tradeResponseSchema } from '@/features/catalog/contract'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { type BotApp, createBotApp } from '@/test/discord-bot'

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
