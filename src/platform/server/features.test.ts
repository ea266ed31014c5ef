import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppEnv, defineFeature } from '@/platform/server/context'
import { Shutdown } from '@/platform/server/lib/shutdown'
import { createTestApp } from '@/test/app'
import { FEATURES } from './features'

/** A feature as the live ones will be: one event stream that ends when the server stops. */
const tickerFeature = defineFeature({
  name: 'ticker',
  routes: {
    '/api/ticker': new Hono<AppEnv>().get('/', (c) => {
      const { shutdown } = c.var.deps
      return streamSSE(c, async (stream) => {
        const ended = new Promise<void>((resolve) => {
          stream.onAbort(resolve)
          shutdown.signal.addEventListener('abort', () => resolve(), { once: true })
        })
        shutdown.hold(ended)
        await stream.writeSSE({ event: 'hello', data: 'open' })
        await ended
        await stream.writeSSE({ event: 'bye', data: 'server stopping' })
      })
    }),
  },
})

describe('shutdown', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp({ catalog: false, features: [...FEATURES, tickerFeature] })
  })
  afterAll(() => t.close())

  it('a feature added to the list is mounted, and its open stream ends when the server stops', async () => {
    const res = await t.app.request('/api/ticker')
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const reader = res.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(first).toContain('event: hello')
    expect(t.shutdown.openStreams).toBe(1)

    expect(await t.shutdown.endStreams(2000)).toBe(0)
    let rest = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value)
    expect(rest).toContain('event: bye')
    // The other features are still there.
    expect((await t.app.request('/api/site')).status).toBe(200)
  })

  it('gives up on a stream that does not end after the grace time, and says how many were left', async () => {
    const shutdown = new Shutdown()
    shutdown.hold(new Promise(() => {}))
    shutdown.hold(Promise.resolve())
    expect(await shutdown.endStreams(50)).toBe(1)
    expect(shutdown.signal.aborted).toBe(true)
  })
})
