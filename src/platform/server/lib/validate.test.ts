import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { AppError } from './errors'
import { queryParams } from './validate'

/** An app answering the parsed query, whether it is frozen, and how many times its schema ran. */
function appRemembering(remember: number) {
  const schema = z.object({ page: z.coerce.number().int().min(1).default(1), tag: z.string().optional() })
  const parse = vi.spyOn(schema, 'safeParse')
  const app = new Hono()
    .get('/', queryParams(schema, { remember }), (c) => {
      const query = c.req.valid('query')
      return c.json({ query, frozen: Object.isFrozen(query) })
    })
    .onError((error, c) =>
      error instanceof AppError ? c.json(error.toBody(), error.status) : c.text('unexpected', 500),
    )
  return { app, parses: () => parse.mock.calls.length }
}

describe('queryParams with remember', () => {
  it('parses a query string once and answers the same, frozen, result after', async () => {
    const { app, parses } = appRemembering(2)
    const first = await app.request('/?page=2&tag=x')
    expect(await first.json()).toEqual({ query: { page: 2, tag: 'x' }, frozen: true })
    const again = await app.request('/?page=2&tag=x')
    expect(await again.json()).toEqual({ query: { page: 2, tag: 'x' }, frozen: true })
    expect(parses()).toBe(1)
  })

  it('keeps no refused query: each one is refused again', async () => {
    const { app, parses } = appRemembering(2)
    for (let i = 0; i < 2; i++) {
      const res = await app.request('/?page=0')
      expect(res.status).toBe(400)
      expect((await res.json()).error.code).toBe('VALIDATION_FAILED')
    }
    expect((await app.request('/?page=%FF')).status).toBe(400)
    expect(parses()).toBe(2)
  })

  it('keeps only the last `remember` query strings', async () => {
    const { app, parses } = appRemembering(2)
    for (const query of ['page=1', 'page=2', 'page=3', 'page=1']) await app.request(`/?${query}`)
    expect(parses()).toBe(4) // page=1 was pushed out by page=2 and page=3
    await app.request('/?page=3')
    expect(parses()).toBe(4)
  })

  it('without remember, parses every request and keeps nothing', async () => {
    const { app, parses } = appRemembering(0)
    for (let i = 0; i < 2; i++) expect((await (await app.request('/?page=2')).json()).frozen).toBe(false)
    expect(parses()).toBe(2)
  })
})
