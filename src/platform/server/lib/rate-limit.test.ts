import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { retryAfterOn429 } from './rate-limit'

describe('Retry-After on every 429', () => {
  const app = new Hono()
    .use(retryAfterOn429)
    .get('/bare', () => new Response('slow down', { status: 429 }))
    .get('/x-only', () => new Response('slow down', { status: 429, headers: { 'X-Retry-After': '42' } }))
    .get('/own', (c) => c.text('slow down', 429, { 'Retry-After': '7' }))
    .get('/frozen', () => {
      // Headers that refuse changes, as those of a fetched response or a Response.redirect.
      const res = new Response('slow down', { status: 429 })
      Object.defineProperty(res.headers, 'set', {
        value: () => {
          throw new TypeError('immutable')
        },
      })
      return res
    })
    .get('/ok', (c) => c.text('fine'))

  it("adds it to a library's 429 that has none, taking X-Retry-After when given", async () => {
    expect((await app.request('/bare')).headers.get('retry-after')).toBe('60')
    expect((await app.request('/x-only')).headers.get('retry-after')).toBe('42')
    expect((await app.request('/frozen')).headers.get('retry-after')).toBe('60')
  })

  it('keeps the one a handler set, and leaves other answers alone', async () => {
    expect((await app.request('/own')).headers.get('retry-after')).toBe('7')
    expect((await app.request('/ok')).headers.get('retry-after')).toBeNull()
  })
})
