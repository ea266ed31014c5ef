import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { STARTING_MESSAGE, Starting } from './starting'

const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

async function listening(starting: Starting): Promise<string> {
  const server = createServer(starting.listener)
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('the server while it starts', () => {
  it('answers every request 503 with Retry-After 1: health says starting, the API its error shape', async () => {
    const starting = new Starting()
    const origin = await listening(starting)
    expect(starting.isReady).toBe(false)

    const health = await fetch(`${origin}/api/health`)
    expect(health.status).toBe(503)
    expect(health.headers.get('retry-after')).toBe('1')
    expect(health.headers.get('cache-control')).toBe('no-store')
    expect(await health.json()).toMatchObject({ status: 'starting' })

    const api = await fetch(`${origin}/api/games?x=1`, { method: 'POST', body: '{}' })
    expect([api.status, api.headers.get('retry-after')]).toEqual([503, '1'])
    expect(await api.json()).toEqual({ error: { code: 'UNAVAILABLE', message: STARTING_MESSAGE } })
    expect(api.headers.get('x-content-type-options')).toBe('nosniff')

    // A browser asking for a page gets a page that reloads itself.
    const page = await fetch(`${origin}/values`, { headers: { accept: 'text/html,*/*' } })
    expect(page.status).toBe(503)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('http-equiv="refresh"')

    const head = await fetch(`${origin}/api/health`, { method: 'HEAD' })
    expect(head.status).toBe(503)
    expect(await head.text()).toBe('')
  })

  it('passes every request to the app once it is ready', async () => {
    const starting = new Starting()
    const origin = await listening(starting)
    expect((await fetch(`${origin}/api/health`)).status).toBe(503)
    starting.ready((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`app: ${req.url}`))
    expect(starting.isReady).toBe(true)
    const health = await fetch(`${origin}/api/health`)
    expect(health.status).toBe(200)
    expect(health.headers.get('retry-after')).toBeNull()
    expect(await health.text()).toBe('app: /api/health')
    expect(await (await fetch(`${origin}/values`)).text()).toBe('app: /values')
  })
})
