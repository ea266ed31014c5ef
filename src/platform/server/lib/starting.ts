import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { APP_VERSION } from '@/shared/constants'
import { AppError } from './errors'

/** What every request hears while the server starts (docs/decisions/052-listen-first.md). */
export const STARTING_MESSAGE = 'TradeHub is starting; try again in a moment'
/** The Retry-After of those answers: a start takes a few seconds at most. */
export const STARTING_RETRY_AFTER_SECONDS = 1

const HEALTH_PATH = '/api/health'

/**
 * The server's listener from the moment it listens (main.ts): until `ready` hands it the app's listener,
 * every request is answered 503 with Retry-After, /api/health with `{ status: 'starting' }` (so a load
 * balancer or a test runner waits for its 200), a page for a browser that reloads itself, and anything
 * else with the API's error shape; from then on every request goes to the app.
 */
export class Starting {
  private app: RequestListener | undefined

  readonly listener: RequestListener = (req, res) => {
    if (this.app) return this.app(req, res)
    answerStarting(req, res)
  }

  get isReady(): boolean {
    return this.app !== undefined
  }

  /** From now on the app answers. */
  ready(app: RequestListener): void {
    this.app = app
  }
}

function answerStarting(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?', 1)[0]
  const wantsPage = !path?.startsWith('/api/') && /\btext\/html\b/.test(req.headers.accept ?? '')
  const [type, body] =
    path === HEALTH_PATH
      ? ['application/json', JSON.stringify({ status: 'starting', version: APP_VERSION })]
      : wantsPage
        ? [
            'text/html; charset=utf-8',
            `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${STARTING_RETRY_AFTER_SECONDS}"><title>TradeHub</title><body style="margin:0;padding:2rem 1rem;background:#0b0f14;color:#e6edf3;font:1rem/1.5 system-ui,sans-serif"><p>${STARTING_MESSAGE}.</p></body></html>`,
          ]
        : ['application/json', JSON.stringify(new AppError('UNAVAILABLE', STARTING_MESSAGE).toBody())]
  res.writeHead(503, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Retry-After': String(STARTING_RETRY_AFTER_SECONDS),
  })
  res.end(req.method === 'HEAD' ? undefined : body)
}
