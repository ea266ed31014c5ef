import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type StockWindow, windowAt } from '@/features/stock/rules'

/**
 * A local HTTP server standing in for an upstream Grow a Garden stock feed (on 127.0.0.1, a free port):
 * `GET /v2/growagarden/stock` answers what the test last served — a JSON body in the community bots'
 * shape, or a raw body with a status — after `delayMs` if set. Every request is recorded with its headers.
 */
export async function startStockFeedStandIn() {
  let reply: { status: number; body: string } = { status: 200, body: '{}' }
  let delayMs = 0
  const requests: { path: string; headers: IncomingHttpHeaders }[] = []
  const waiters: (() => void)[] = []
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? '/', headers: req.headers })
    for (const wake of waiters.splice(0)) wake()
    const { status, body } = reply
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(body)
    }, delayMs)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v2/growagarden/stock`,
    requests,
    /** Answers this JSON from now on. */
    serve(body: unknown) {
      reply = { status: 200, body: JSON.stringify(body) }
    },
    /** Answers this status and raw body from now on. */
    serveRaw(status: number, body: string) {
      reply = { status, body }
    },
    /** Answers only after this many milliseconds. */
    delay(ms: number) {
      delayMs = ms
    },
    /** Resolves at the next request. */
    nextRequest: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type StockFeedStandIn = Awaited<ReturnType<typeof startStockFeedStandIn>>

/** The five-minute window (seeds, gear) holding `at`. */
export const fiveMinuteWindow = (at: number): StockWindow =>
  windowAt({ periodSeconds: 300, offsetSeconds: 0 }, at)

/** A feed item as JStudio-style feeds give it, restocked in `window` (with an icon the site ignores). */
export const feedItem = (itemId: string, displayName: string, quantity: number, window?: StockWindow) => ({
  item_id: itemId,
  display_name: displayName,
  quantity,
  ...(window && { start_date_unix: window.start / 1000, end_date_unix: window.end / 1000 }),
  icon: `https://feed.example/icons/${itemId}.png`,
})
