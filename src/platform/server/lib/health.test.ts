import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '@/test/app'

describe('GET /api/health while the server drains', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ catalog: false })
  })
  afterAll(() => t.close())

  it('answers 503 "draining" at once once the shutdown has begun, so a load balancer stops sending', async () => {
    expect((await t.app.request('/api/health')).status).toBe(200)
    t.shutdown.drain()
    const res = await t.app.request('/api/health')
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ status: 'draining' })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})
