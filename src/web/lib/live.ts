/**
 * The tab's one event stream (GET /api/live): whatever the open components follow — a game's live stock,
 * the signed-in user's bell — travels on a single EventSource, reopened only when what is followed
 * changes. EventSource reconnects by itself and sends Last-Event-ID (the stock's version).
 */

export type LiveStatus = 'connecting' | 'live' | 'reconnecting'

export interface LiveFollower {
  /** A game whose stock this component shows. */
  stock?: string
  /** Wants the signed-in user's `notifications` events (the server adds them for a session). */
  user?: boolean
  onEvent(type: string, data: unknown): void
  onStatus?(status: LiveStatus): void
}

const EVENT_TYPES = ['stock', 'notifications'] as const

const followers = new Set<LiveFollower>()
let source: EventSource | null = null
let sourceUrl = ''
let status: LiveStatus = 'connecting'

function setStatus(next: LiveStatus) {
  status = next
  for (const f of followers) f.onStatus?.(next)
}

/** The address that carries what every follower wants, or '' when nothing is followed. */
function wantedUrl(): string {
  let stock: string | undefined
  let user = false
  for (const f of followers) {
    stock = f.stock ?? stock
    user ||= Boolean(f.user)
  }
  if (!stock && !user) return ''
  return stock ? `/api/live?stock=${encodeURIComponent(stock)}` : '/api/live'
}

function reconcile() {
  const url = wantedUrl()
  if (url === sourceUrl) return
  source?.close()
  source = null
  sourceUrl = url
  if (!url || typeof EventSource === 'undefined') return
  const opened = new EventSource(url)
  source = opened
  setStatus('connecting')
  opened.addEventListener('open', () => setStatus('live'))
  opened.addEventListener('error', () => setStatus('reconnecting'))
  for (const type of EVENT_TYPES) {
    opened.addEventListener(type, (event) => {
      let data: unknown
      try {
        data = JSON.parse((event as MessageEvent<string>).data)
      } catch {
        return
      }
      if (type === 'stock') setStatus('live')
      for (const f of followers) f.onEvent(type, data)
    })
  }
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
