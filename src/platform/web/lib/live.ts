/**
 * The tab's one event stream (GET /api/live): whatever the open components follow — a game's live stock,
 * the signed-in user's bell — travels on a single EventSource, reopened only when what is followed
 * changes. EventSource reconnects by itself and sends Last-Event-ID (the stock's version).
 *
 * A stream the server refuses (429: too many open from this network, this account or on the server)
 * closes the EventSource, which cannot tell why: the same address is asked once with fetch to learn
 * the status and Retry-After. Until then the tab polls what it follows instead — the stock snapshot with
 * If-None-Match (a 304 keeps what is shown) and the unread count — and then tries the stream again.
 */
import { LIVE_POLL_SECONDS, LIVE_STREAM_RETRY_AFTER_SECONDS, TRADE_MESSAGE_EVENT } from '@/shared/live-rules'

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'polling'

export interface LiveFollower {
  /** A game whose stock this component shows. */
  stock?: string
  /**
   * Wants the signed-in user's events (the server adds them for a session): `notifications` (the unread
   * count) and `trade-message` (a new message of one of their offers' conversations).
   */
  user?: boolean
  onEvent(type: string, data: unknown): void
  onStatus?(status: LiveStatus): void
}

const EVENT_TYPES = ['stock', 'notifications', TRADE_MESSAGE_EVENT] as const

const followers = new Set<LiveFollower>()
let source: EventSource | null = null
let sourceUrl = ''
let status: LiveStatus = 'connecting'

/** While the stream is refused: the next poll and the retry of the stream, waiting. */
interface Fallback {
  poll?: ReturnType<typeof setTimeout>
  retry?: ReturnType<typeof setTimeout>
}
let fallback: Fallback | null = null
/** The ETag of the stock the last poll brought (what If-None-Match asks about). */
let stockEtag = ''

function setStatus(next: LiveStatus) {
  status = next
  for (const f of followers) f.onStatus?.(next)
}

function dispatch(type: string, data: unknown) {
  for (const f of followers) f.onEvent(type, data)
}

/** What the followers want: the last game named, and whether any wants the bell. */
function wanted(): { stock?: string; user: boolean } {
  let stock: string | undefined
  let user = false
  for (const f of followers) {
    stock = f.stock ?? stock
    user ||= Boolean(f.user)
  }
  return { stock, user }
}

/** The address that carries what every follower wants, or '' when nothing is followed. */
function wantedUrl(): string {
  const { stock, user } = wanted()
  if (!stock && !user) return ''
  return stock ? `/api/live?stock=${encodeURIComponent(stock)}` : '/api/live'
}

function reconcile() {
  const url = wantedUrl()
  if (url === sourceUrl) return
  endFallback()
  source?.close()
  source = null
  sourceUrl = url
  stockEtag = ''
  if (!url || typeof EventSource === 'undefined') return
  openStream(url)
}

function openStream(url: string) {
  const opened = new EventSource(url)
  source = opened
  setStatus(fallback ? 'polling' : 'connecting')
  opened.addEventListener('open', () => {
    endFallback()
    setStatus('live')
  })
  opened.addEventListener('error', () => {
    // CONNECTING: a dropped connection, retried by EventSource itself. CLOSED: an answer that was not a
    // stream, which it never retries.
    if (opened.readyState === EventSource.CLOSED) void whyRefused(opened, url)
    else setStatus(fallback ? 'polling' : 'reconnecting')
  })
  for (const type of EVENT_TYPES) {
    opened.addEventListener(type, (event) => {
      let data: unknown
      try {
        data = JSON.parse((event as MessageEvent<string>).data)
      } catch {
        return
      }
      if (type === 'stock') setStatus('live')
      dispatch(type, data)
    })
  }
}

/** Asks the refused address again to read the status; 429 and server errors fall back to polling. */
async function whyRefused(opened: EventSource, url: string) {
  if (source !== opened) return
  source = null
  if (!fallback) setStatus('reconnecting')
  let res: Response | undefined
  try {
    res = await fetch(url, { headers: { accept: 'text/event-stream' }, cache: 'no-store' })
    // A stream after all (a place freed meanwhile): it is not read; the retry below opens the real one.
    void res.body?.cancel().catch(() => {})
  } catch {
    // offline: polled and retried like a refusal
  }
  if (sourceUrl !== url || source) return // followed something else meanwhile
  // A 4xx other than 429 (nothing to follow, an unknown game) stays refused, as EventSource leaves it.
  if (res && res.status >= 400 && res.status < 500 && res.status !== 429) return
  const seconds = Number.parseInt(res?.headers.get('retry-after') ?? '', 10)
  startFallback(url, Number.isFinite(seconds) && seconds > 0 ? seconds : LIVE_STREAM_RETRY_AFTER_SECONDS)
}

function startFallback(url: string, retryAfterSeconds: number) {
  const state = fallback ?? {}
  clearTimeout(state.retry)
  state.retry = setTimeout(() => {
    if (sourceUrl === url && !source) openStream(url)
  }, retryAfterSeconds * 1000)
  setStatus('polling')
  if (fallback === state) return // polling already
  fallback = state
  void poll(state)
}

function endFallback() {
  if (!fallback) return
  clearTimeout(fallback.poll)
  clearTimeout(fallback.retry)
  fallback = null
}

/**
 * One round of what the stream would have brought, then the next in LIVE_POLL_SECONDS, for as long as
 * this fallback lasts (an answer that comes after the stream is back is dropped: the stream's is newer).
 */
async function poll(state: Fallback) {
  const { stock, user } = wanted()
  try {
    if (stock) {
      const res = await fetch(`/api/stock/${encodeURIComponent(stock)}`, {
        headers: stockEtag ? { 'if-none-match': stockEtag } : {},
        cache: 'no-store',
      })
      // 304: the stock shown is the current one.
      if (res.status === 200) {
        const data: unknown = await res.json()
        if (fallback !== state) return
        stockEtag = res.headers.get('etag') ?? ''
        dispatch('stock', data)
      }
    }
    if (user && fallback === state) {
      const res = await fetch('/api/notifications/unread-count', { cache: 'no-store' })
      const data: unknown = res.ok ? await res.json() : undefined
      if (data !== undefined && fallback === state) dispatch('notifications', data)
    }
  } catch {
    // offline or a bad answer: the next round tries again
  }
  if (fallback === state) state.poll = setTimeout(() => void poll(state), LIVE_POLL_SECONDS * 1000)
}

/**
 * Follows the tab's stream until the returned function is called. Followers added in the same task
 * share one reconnect (the stream is reopened once, after the current task).
 */
export function followLive(follower: LiveFollower): () => void {
  followers.add(follower)
  follower.onStatus?.(sourceUrl ? status : 'connecting')
  queueMicrotask(reconcile)
  return () => {
    followers.delete(follower)
    queueMicrotask(reconcile)
  }
}
