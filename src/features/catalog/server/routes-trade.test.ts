/**
 * A shared trade: evaluated with the calculator's rule and titled, Grow a Garden crops and pets counted
 * by their modifiers, and every malformed part of the link named in the refusal.
 */
import { describe, expect, it } from 'vitest'
import { tradeResponseSchema } from '@/features/catalog/contract'
import { get, setUpCatalogApp } from './routes-test-setup'

describe('catalog API', () => {
  setUpCatalogApp()

  describe('GET /api/games/:game/trade', () => {
    it('evaluates a shared trade with the calculator rule and its preview title', async () => {
      const res = await get(
        '/api/games/blox-fruits/trade?give=kitsune,dough&get=west-dragon~permanent&band=25',
      )
      expect(res.status).toBe(200)
      const body = tradeResponseSchema.parse(await res.json())
      expect(body.band).toBe(25)
      expect(body.rule).toContain('±25%')
      expect(body.trade.get).toEqual([{ itemId: 'west-dragon', quantity: 1, variant: 'permanent' }])
      expect(body.items.map((i) => i.id).sort()).toEqual(['dough', 'kitsune', 'west-dragon'])
      expect(body.result.give.valuedCount).toBe(2)
      expect(body.result.difference).toBe(body.result.get.total - body.result.give.total)
      expect(body.result.verdict).not.toBeNull()
      expect(body.title).toBe('Win: 2 items for 1 — Kitsune + Dough for West Dragon')
      expect(body.result.verdict).toBe('win')
      // The same answer again is a 304, also for a weak validator.
      const etag = res.headers.get('etag')!
      const again = await get(
        '/api/games/blox-fruits/trade?give=kitsune,dough&get=west-dragon~permanent&band=25',
        {
          'if-none-match': `W/${etag}`,
        },
      )
      expect(again.status).toBe(304)
    })

    it('uses the default band and counts quantities', async () => {
      const body = tradeResponseSchema.parse(
        await (await get('/api/games/blox-fruits/trade?give=dough*3')).json(),
      )
      expect(body.band).toBe(10)
      expect(body.result.give.valuedCount).toBe(3)
      expect(body.result.verdict).toBeNull()
      expect(body.title).toBe('Trade: 3 items for 0 — Dough ×3 for nothing')
    })

    it('names every malformed part of the link in its 400', async () => {
      const res = await get('/api/games/blox-fruits/trade?give=kitsune*0,dough&get=Dragon!')
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body.error.fields.give).toContain('"kitsune*0" is not a slot')
      expect(body.error.fields.get).toContain('"Dragon!" is not a slot')
    })

    it('refuses an item of another game and a variant the item does not have, naming them', async () => {
      const other = await get('/api/games/blox-fruits/trade?give=kitsune&get=shadow-dragon')
      expect(other.status).toBe(400)
      expect((await other.json()).error.fields.ids).toBe('shadow-dragon')
      const variant = await get('/api/games/blox-fruits/trade?give=kitsune~mega-neon')
      expect(variant.status).toBe(400)
      expect((await variant.json()).error.fields.variants).toBe('kitsune~mega-neon')
    })

    it('values a Grow a Garden crop by its variant, mutations and weight, as the calculator does', async () => {
      const res = await get('/api/games/grow-a-garden/trade?give=carrot!gold.shocked.wet_0.55*2&get=carrot')
      expect(res.status).toBe(200)
      const body = tradeResponseSchema.parse(await res.json())
      expect(body.trade.give).toEqual([
        {
          itemId: 'carrot',
          quantity: 2,
          modifiers: { variant: 'gold', mutations: ['shocked', 'wet'], kg: 0.55 },
        },
      ])
      // 0.55 kg Gold Carrot with Wet and Shocked: 161,600 Sheckles each (the game's sell value).
      expect(body.result.give.total).toBe(323_200)
      expect(body.result.get.total).toBe(20)
      expect(body.title).toBe('Loss: 2 items for 1 — Carrot (0.55 kg · Gold · Shocked · Wet) ×2 for Carrot')
    })

    it('values a Grow a Garden pet by its mutation and age, as the calculator does', async () => {
      const res = await get('/api/games/grow-a-garden/trade?give=raccoon!ascended@100&get=raccoon')
      expect(res.status).toBe(200)
      const body = tradeResponseSchema.parse(await res.json())
      expect(body.trade.give).toEqual([
        { itemId: 'raccoon', quantity: 1, modifiers: { mutations: ['ascended'], age: 100 } },
      ])
      // Ascended ×5, age 100 ×10 its age-1 weight.
      expect(body.result.give.total / body.result.get.total).toBeCloseTo(50)
      const crop = await get('/api/games/grow-a-garden/trade?give=carrot@3')
      expect(crop.status).toBe(400)
      expect((await crop.json()).error.fields.modifiers).toBe('carrot')
    })

    it('refuses modifiers an item cannot take and unknown mutations, naming them', async () => {
      const pet = await get('/api/games/grow-a-garden/trade?give=raccoon!gold')
      expect(pet.status).toBe(400)
      expect((await pet.json()).error.fields.modifiers).toBe('raccoon')
      // Blueberry's base weight is not known: it takes mutations but no weight.
      const weight = await get('/api/games/grow-a-garden/trade?give=blueberry!gold_2')
      expect(weight.status).toBe(400)
      expect((await weight.json()).error.fields.modifiers).toBe('blueberry')
      const other = await get('/api/games/blox-fruits/trade?give=kitsune!gold')
      expect((await other.json()).error.fields.modifiers).toBe('kitsune')
      const unknown = await get('/api/games/grow-a-garden/trade?give=carrot!sparkly,carrot_0')
      expect(unknown.status).toBe(400)
      const give = (await unknown.json()).error.fields.give
      expect(give).toContain('"carrot!sparkly" is not a slot')
    })

    it('counts a typed amount ($700M) as that many value units, titled in the game’s unit', async () => {
      const res = await get('/api/games/blox-fruits/trade?give=kitsune&get=$700M')
      expect(res.status).toBe(200)
      const body = tradeResponseSchema.parse(await res.json())
      expect(body.trade.get).toEqual([{ itemId: '$', quantity: 1, amount: 700_000_000 }])
      expect(body.items.map((i) => i.id)).toEqual(['kitsune'])
      expect(body.result.get).toMatchObject({ total: 700_000_000, exactTotal: '700000000', valuedCount: 1 })
      expect(body.result.exactDifference).toBe('60000000')
      expect(body.title).toBe('Fair: 1 item for 1 — Kitsune for 700M Beli')
      const adopt = tradeResponseSchema.parse(
        await (await get('/api/games/adopt-me/trade?give=frost-dragon&get=$1.5')).json(),
      )
      expect(adopt.title).toBe('Loss: 1 item for 1 — Frost Dragon for 1.5 value units')
      for (const amount of ['$700X', '$0', '$-5', '$1e9']) {
        const bad = await get(`/api/games/blox-fruits/trade?give=kitsune&get=${amount}`)
        expect(bad.status, amount).toBe(400)
        expect((await bad.json()).error.fields.get).toContain(`"${amount}" is not a slot`)
      }
    })

    it('sums huge values exactly: no float noise in the totals', async () => {
      // Three Kitsune pets at 1e24 and 800Sx: summed as floats from BigInt(1e24) it would read 3,799,999,…
      const res = await get('/api/games/grow-a-garden/trade?give=kitsune*3,$800Sx&get=kitsune')
      expect(res.status).toBe(200)
      const body = tradeResponseSchema.parse(await res.json())
      expect(body.result.give.exactTotal).toBe('3800000000000000000000000')
      expect(body.result.get.exactTotal).toBe('1000000000000000000000000')
      expect(body.result.exactDifference).toBe('-2800000000000000000000000')
    })
  })
})
