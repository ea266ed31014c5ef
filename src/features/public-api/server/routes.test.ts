import { validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  changesResponseSchema,
  gamesResponseSchema,
  itemDetailResponseSchema,
  itemListResponseSchema,
  tradeResponseSchema,
} from '@/features/catalog/contract'
import {
  apiKeyListResponseSchema,
  communityStockResponseSchema,
  createdApiKeyResponseSchema,
  itemHistoryResponseSchema,
  PUBLIC_API_LIMITS,
  V1_EXAMPLES,
} from '@/features/public-api/contract'
import { stockResponseSchema } from '@/features/stock/contract'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp, served } from '@/test/app'
import { freshAddress, publicApiClient } from '@/test/public-api'
import { flushApiCounters } from './limits'
import { openApiPath } from './openapi'
import { V1_ROUTES } from './table'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const ANONYMOUS_LIMIT = 5
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true', API_V1_ANONYMOUS_PER_MINUTE: String(ANONYMOUS_LIMIT) },
  })
})
afterAll(() => t.close())

const client = publicApiClient(() => t.app)
const { get } = client
/** A 200's JSON body. */
const ok = async (path: string) => (await client.ok(path)).json()

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (a real validator)', async () => {
    const doc = await ok('/api/v1/openapi.json')
    expect(doc.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(doc))
    expect(result.valid, JSON.stringify(result)).toBe(true)
  })

  it('describes every v1 route the app serves, and only those', async () => {
    const served = t.app.routes
      .filter((r) => r.path.startsWith('/api/v1/') && r.method === 'GET')
      .map((r) => r.path)
    const documented = Object.values(V1_ROUTES).map((r) => `/api/v1${r.path}`)
    expect(new Set(served)).toEqual(new Set(documented))
    const doc = await ok('/api/v1/openapi.json')
    for (const route of Object.values(V1_ROUTES)) {
      const operation = doc.paths[openApiPath(route.path)]?.get
      expect(operation?.summary, route.path).toBe(route.summary)
    }
  })

  it("documents a route's query parameters from the schema it validates with", async () => {
    const doc = await ok('/api/v1/openapi.json')
    const names = doc.paths['/api/v1/games/{game}/items'].get.parameters.map((p: { name: string }) => p.name)
    expect(names).toEqual(
      expect.arrayContaining(['game', 'search', 'category', 'rarity', 'sort', 'page', 'pageSize']),
    )
  })
})

describe('the examples of the API reference (/docs/api shows the document)', () => {
  interface Parameter {
    name: string
    in: 'path' | 'query'
    description?: string
    schema: { examples?: unknown[] }
  }
  /** A parameter's example as /docs/api shows it: "A game id, e.g. blox-fruits". */
  const saidOf = (p: Parameter | undefined) => /\be\.g\. ([\w-]+)$/.exec(p?.description ?? '')?.[1]

  it('each example names a real game or item: the example paths answer 200', async () => {
    const doc = await ok('/api/v1/openapi.json')
    const paths = Object.entries(doc.paths as Record<string, { get: { parameters: Parameter[] } }>)
    const called: string[] = []
    for (const [path, { get: operation }] of paths) {
      const { parameters } = operation
      const inPath = parameters.filter((p) => p.in === 'path')
      // An ad id or a username is the data of the day: no example is given for them.
      if (!inPath.every((p) => saidOf(p))) continue
      const base = path.replace(/\{(\w+)\}/g, (_, name) => saidOf(inPath.find((p) => p.name === name)) ?? '')
      const queries = parameters.filter((p) => p.in === 'query' && saidOf(p))
      for (const url of [base, ...queries.map((q) => `${base}?${q.name}=${saidOf(q)}`)]) {
        const res = await get(url)
        expect(res.status, url).toBe(200)
        await res.body?.cancel()
        called.push(url)
      }
      // An item id given as an example is an item of the example's game.
      const game = saidOf(parameters.find((p) => p.name === 'game'))
      for (const p of parameters.filter((p) => /item id/i.test(p.description ?? '') && saidOf(p))) {
        const url = `/api/v1/games/${game}/items/${saidOf(p)}`
        expect((await get(url)).status, `${p.name} of ${path}: ${url}`).toBe(200)
      }
    }
    expect(called).toEqual(
      expect.arrayContaining([
        '/api/v1/games/blox-fruits/items/tiger',
        '/api/v1/stock/grow-a-garden',
        '/api/v1/trade-ads?has=kitsune',
      ]),
    )
    // The reference's own example of the community shape.
    await ok(V1_EXAMPLES.communityStock)
  })

  it("gives each example to OpenAPI tools too (the schema's examples)", async () => {
    const doc = await ok('/api/v1/openapi.json')
    for (const [path, { get: operation }] of Object.entries(
      doc.paths as Record<string, { get: { parameters: Parameter[] } }>,
    )) {
      for (const p of operation.parameters.filter((p) => saidOf(p)))
        expect(p.schema.examples, `${p.name} of ${path}`).toEqual([saidOf(p)])
    }
  })
})

describe('v1 reads', () => {
  it('answers games, items with search and paging, one item, its history, changes and a trade', async () => {
    const games = gamesResponseSchema.parse(await ok('/api/v1/games'))
    expect(games.games.map((g) => g.id)).toContain('blox-fruits')
    const list = itemListResponseSchema.parse(await ok('/api/v1/games/blox-fruits/items?pageSize=2&page=2'))
    expect(list.items).toHaveLength(2)
    const found = itemListResponseSchema.parse(await ok('/api/v1/games/blox-fruits/items?search=kitsune'))
    expect(found.items.map((i) => i.id)).toContain('kitsune')
    const item = itemDetailResponseSchema.parse(await ok('/api/v1/games/blox-fruits/items/kitsune'))
    expect(item.item.id).toBe('kitsune')
    itemHistoryResponseSchema.parse(await ok('/api/v1/games/blox-fruits/items/kitsune/history?limit=5'))
    changesResponseSchema.parse(await ok('/api/v1/games/blox-fruits/changes?limit=5'))
    const trade = tradeResponseSchema.parse(
      await ok('/api/v1/games/blox-fruits/trade?give=kitsune,dough&get=west-dragon~permanent&band=25'),
    )
    expect(trade.result.verdict).toBe('win')
  })

  it('refuses bad input with 400 and unknown games and items with 404', async () => {
    const tooBig = await errorOf(await get('/api/v1/games/blox-fruits/items?pageSize=100000'))
    expect(tooBig.status).toBe(400)
    expect(tooBig.message).toContain('pageSize')
    expect((await get('/api/v1/games/blox-fruits/items?nope=1')).status).toBe(400)
    expect((await get('/api/v1/games/no-such-game/items')).status).toBe(404)
    expect((await get('/api/v1/games/blox-fruits/items/no-such-item')).status).toBe(404)
    expect((await get('/api/v1/stock/no-such-game')).status).toBe(404)
    expect((await get('/api/v1/stock/blox-fruits?shape=community')).status).toBe(400)
    expect((await get('/api/v1/stock/grow-a-garden?shape=other')).status).toBe(400)
  })

  it("answers a game's stock, and Grow a Garden's in the community shape", async () => {
    stockResponseSchema.parse(await ok('/api/v1/stock/grow-a-garden'))
    const community = communityStockResponseSchema.parse(
      await ok('/api/v1/stock/grow-a-garden?shape=community'),
    )
    expect(Object.keys(community)).toEqual(
      expect.arrayContaining(['seed_stock', 'gear_stock', 'egg_stock', 'weather']),
    )
  })
})

describe('CORS', () => {
  it('lets any site read, never with credentials', async () => {
    const res = await get('/api/v1/games', { origin: 'https://bot.example' })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect(res.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining')
  })

  it('answers a preflight', async () => {
    const res = await t.app.request('/api/v1/games/blox-fruits/items', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://bot.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-methods')).toContain('GET')
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key')
  })
})

describe('limits', () => {
  it('counts an address per minute, says so on every answer and refuses past it with Retry-After', async () => {
    const address = { 'x-forwarded-for': freshAddress() }
    for (let i = 1; i <= ANONYMOUS_LIMIT; i++) {
      const res = await t.app.request('/api/v1/games', { headers: address })
      expect(res.status).toBe(200)
      expect(res.headers.get('ratelimit-limit')).toBe(String(ANONYMOUS_LIMIT))
      expect(res.headers.get('ratelimit-remaining')).toBe(String(ANONYMOUS_LIMIT - i))
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0)
    }
    const refused = await t.app.request('/api/v1/games', { headers: address })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
    // Another address has its own budget.
    expect((await get('/api/v1/games')).status).toBe(200)
  })

  it('puts the limit headers on refusals too (a 404)', async () => {
    const res = await get('/api/v1/games/no-such-game/items')
    expect(res.status).toBe(404)
    expect(res.headers.get('ratelimit-remaining')).toBe(String(ANONYMOUS_LIMIT - 1))
  })
})

describe('API keys', () => {
  it('refuses visitors', async () => {
    expect((await send(t, '/api/profile/api-keys')).status).toBe(401)
    expect((await send(t, '/api/profile/api-keys', { body: { name: 'bot' } })).status).toBe(401)
    expect((await send(t, '/api/profile/api-keys/1', { method: 'DELETE' })).status).toBe(401)
  })

  it('are shown once, raise the limit, count their use and stop working when revoked', async () => {
    const owner = await signedInUser(t, freshEmail('apikey'))
    const created = await send(t, '/api/profile/api-keys', { body: { name: 'My bot' }, cookie: owner.cookie })
    expect(created.status).toBe(201)
    const key = createdApiKeyResponseSchema.parse(await created.json())
    expect(key.key.startsWith(key.prefix)).toBe(true)

    const listed = apiKeyListResponseSchema.parse(
      await (await send(t, '/api/profile/api-keys', { cookie: owner.cookie })).json(),
    )
    expect(listed.keys).toHaveLength(1)
    expect(JSON.stringify(listed)).not.toContain(key.key)

    const address = freshAddress()
    for (let i = 0; i < ANONYMOUS_LIMIT + 2; i++) {
      const res = await t.app.request('/api/v1/games', {
        headers: { 'x-api-key': key.key, 'x-forwarded-for': address },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('ratelimit-limit')).toBe(String(PUBLIC_API_LIMITS.keyPerMinute))
    }
    await flushApiCounters(t.database)
    const used = apiKeyListResponseSchema.parse(
      await (await send(t, '/api/profile/api-keys', { cookie: owner.cookie })).json(),
    )
    expect(used.keys[0]?.useCount).toBe(ANONYMOUS_LIMIT + 2)
    expect(used.keys[0]?.lastUsedAt).not.toBeNull()

    const other = await signedInUser(t, freshEmail('apikey-other'))
    expect(
      (await send(t, `/api/profile/api-keys/${key.id}`, { method: 'DELETE', cookie: other.cookie })).status,
    ).toBe(404)
    const revoked = await send(t, `/api/profile/api-keys/${key.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    })
    expect(revoked.status).toBe(200)
    expect((await get('/api/v1/games', { 'x-api-key': key.key })).status).toBe(401)
  })

  it('refuses an unknown key, a bad name and an id that is not one', async () => {
    expect((await get('/api/v1/games', { 'x-api-key': 'thk_nope' })).status).toBe(401)
    const owner = await signedInUser(t, freshEmail('apikey-bad'))
    expect(
      (await send(t, '/api/profile/api-keys', { body: { name: '' }, cookie: owner.cookie })).status,
    ).toBe(400)
    expect(
      (await send(t, '/api/profile/api-keys', { body: { name: 'x'.repeat(61) }, cookie: owner.cookie }))
        .status,
    ).toBe(400)
    expect(
      (await send(t, '/api/profile/api-keys/abc', { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(400)
  })

  it(`allows at most ${PUBLIC_API_LIMITS.keysPerUser} keys at once`, async () => {
    const owner = await signedInUser(t, freshEmail('apikey-many'))
    for (let i = 0; i < PUBLIC_API_LIMITS.keysPerUser; i++) {
      expect(
        (await send(t, '/api/profile/api-keys', { body: { name: `k${i}` }, cookie: owner.cookie })).status,
      ).toBe(201)
    }
    expect(
      (await send(t, '/api/profile/api-keys', { body: { name: 'one more' }, cookie: owner.cookie })).status,
    ).toBe(409)
  })
})

describe('answers kept by the Node listener', () => {
  it('still count each request, carry the CORS and limit headers and refuse past the limit', async () => {
    const node = await createTestApp({
      sharedAnswers: true,
      env: { TRUST_PROXY: 'true', API_V1_ANONYMOUS_PER_MINUTE: '4' },
    })
    const server = await served(node)
    try {
      const headers = { 'x-forwarded-for': freshAddress() }
      const remaining: (string | null)[] = []
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${server.url}/api/v1/games/blox-fruits/items?pageSize=3`, { headers })
        expect(res.status).toBe(200)
        expect(res.headers.get('access-control-allow-origin')).toBe('*')
        remaining.push(res.headers.get('ratelimit-remaining'))
        await res.arrayBuffer()
      }
      expect(remaining).toEqual(['3', '2', '1', '0'])
      const refused = await fetch(`${server.url}/api/v1/games/blox-fruits/items?pageSize=3`, { headers })
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).not.toBeNull()
    } finally {
      await server.close()
      await node.close()
    }
  })
})

// Two instances on one PostgreSQL (PGlite is one process's database).
describe.skipIf(!process.env.TEST_DATABASE_URL)('limits across instances (TEST_DATABASE_URL)', () => {
  it('two instances share one address budget', async () => {
    const env = { TRUST_PROXY: 'true', API_V1_ANONYMOUS_PER_MINUTE: '4' }
    const a = await createTestApp({ env })
    const b = await createTestApp({ env, sameDatabaseAs: a })
    try {
      const headers = { 'x-forwarded-for': `192.0.2.${process.pid % 250}` }
      for (let i = 0; i < 3; i++) expect((await a.app.request('/api/v1/games', { headers })).status).toBe(200)
      await flushApiCounters(a.database)
      const first = await b.app.request('/api/v1/games', { headers })
      expect(first.status).toBe(200)
      expect(first.headers.get('ratelimit-remaining')).toBe('0')
      expect((await b.app.request('/api/v1/games', { headers })).status).toBe(429)
    } finally {
      await b.close()
      await a.close()
    }
  })
})
