/**
 * Malformed lists, searches, histories and trade links: each a clear 400 in the error shape.
 */
import { describe, expect, it } from 'vitest'
import { get, setUpCatalogApp } from './routes-test-setup'

describe('catalog API', () => {
  setUpCatalogApp()

  describe('bad input: a clear 400', () => {
    const cases = [
      '/api/games/blox-fruits/items?sort=price',
      '/api/games/blox-fruits/items?sort=',
      '/api/games/blox-fruits/items?page=0',
      '/api/games/blox-fruits/items?page=-1',
      '/api/games/blox-fruits/items?page=abc',
      '/api/games/blox-fruits/items?page=1.5',
      '/api/games/blox-fruits/items?pageSize=0',
      '/api/games/blox-fruits/items?pageSize=101',
      '/api/games/blox-fruits/items?pageSize=1000000000',
      '/api/games/blox-fruits/items?category=weapon',
      '/api/games/blox-fruits/items?rarity=Godly',
      `/api/games/blox-fruits/items?search=${'a'.repeat(101)}`,
      '/api/games/blox-fruits/items?ids=',
      '/api/games/blox-fruits/items?ids=Kitsune',
      `/api/games/blox-fruits/items?ids=${Array.from({ length: 25 }, (_, i) => `x${i}`).join(',')}`,
      '/api/games/blox-fruits/items?colour=red',
      '/api/games/blox-fruits/items?page=1&page=2',
      '/api/items',
      '/api/items?search=',
      '/api/items?search=dragon&limit=0',
      '/api/games/blox-fruits/items/kitsune/history?limit=5000',
      '/api/games/blox-fruits/changes?limit=x',
      '/api/games/blox-fruits/trade?give=kitsune*0',
      '/api/games/blox-fruits/trade?give=kitsune*-1',
      '/api/games/blox-fruits/trade?give=kitsune*1000000000',
      '/api/games/blox-fruits/trade?give=kitsune*NaN',
      '/api/games/blox-fruits/trade?give=kitsune*1.5',
      '/api/games/blox-fruits/trade?get=kitsune,,dough*',
      '/api/games/blox-fruits/trade?give=<script>',
      '/api/games/blox-fruits/trade?give=shadow-dragon',
      '/api/games/blox-fruits/trade?give=kitsune~neon',
      '/api/games/blox-fruits/trade?give=kitsune&band=7',
      `/api/games/blox-fruits/trade?give=${Array.from({ length: 13 }, () => 'dough').join(',')}`,
      `/api/games/blox-fruits/trade?give=${'a'.repeat(4001)}`,
      '/api/games/blox-fruits/trade?give=kitsune&side=get',
    ]
    for (const url of cases) {
      it(url.slice(0, 90), async () => {
        const res = await get(url)
        expect(res.status).toBe(400)
        const body = await res.json()
        expect(body.error.code).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/)
        expect(body.error.message.length).toBeGreaterThan(5)
      })
    }
  })
})
