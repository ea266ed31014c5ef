import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Send, ShieldCheck } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, Suspense, useEffect, useId, useRef, useState } from 'react'
import { BlockButton, useBlocked } from '@/features/accounts/web/public'
import type { TradeMessage, Trader } from '@/features/trading/contract'
import { TRADE_MESSAGE_EVENT, TRADING_LIMITS } from '@/features/trading/rules'
import { VerifiedBadge } from '@/features/verification/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { ApiError } from '@/platform/web/lib/api'
import { formatClock } from '@/platform/web/lib/format'
import { followLive, type LiveStatus } from '@/platform/web/lib/live'
import { Slot } from '@/platform/web/lib/slots'
import { LIVE_POLL_SECONDS } from '@/shared/live-rules'
import { addMessage, messagesQuery, offerKeys, sendMessageMutation } from '../offers-api'
import { messageActions } from '../slots'

const MAX = TRADING_LIMITS.maxMessage

/**
 * New messages of this conversation from the tab's event stream (both traders' tabs get each one; the
 * list keeps a message once). While the stream is refused the list is read every LIVE_POLL_SECONDS, and
 * once it is back the list is read again (what was said meanwhile). Calls `onNew` for each new message.
 */
function useLiveMessages(offerId: number, onNew: (message: TradeMessage) => void) {
  const client = useQueryClient()
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const onNewRef = useRef(onNew)
  onNewRef.current = onNew
  useEffect(() => {
    let wasLive = false
    return followLive({
      user: true,
      onEvent: (type, data) => {
        const message = data as TradeMessage
        if (type !== TRADE_MESSAGE_EVENT || message.offerId !== offerId) return
        if (addMessage(client, message)) onNewRef.current(message)
      },
      onStatus: (next) => {
        setStatus(next)
        if (next === 'live' && wasLive)
          void client.invalidateQueries({ queryKey: offerKeys.messages(offerId) })
        if (next === 'live') wasLive = true
      },
    })
  }, [client, offerId])
  return status === 'polling' ? LIVE_POLL_SECONDS * 1000 : false
}

/** Desktop keyboards send with Enter (Shift+Enter starts a new line); on a phone Enter is a new line. */
const entersSend = () =>
  typeof window !== 'undefined' && window.matchMedia('(hover: hover) and (pointer: fine)').matches

function sendError(error: Error): string {
  if (!(error instanceof ApiError)) return 'The message was not sent. Please try again.'
  if (error.status === 429 && error.retryAfterSeconds)
    return `${error.message}. Try again in ${error.retryAfterSeconds} s.`
  return error.fields?.body ?? error.message
}

/** The badge of the official middleman's messages: derived by the server from the claim, never from a name. */
function MiddlemanBadge() {
  return (
    <span className="ml-1 inline-flex items-center gap-0.5 rounded-full bg-accent/15 px-1.5 font-semibold text-ink">
      <ShieldCheck aria-hidden="true" className="size-3 text-accent" /> TradeHub middleman
    </span>
  )
}

/**
 * The conversation of one offer: its two traders, and the official middleman once one took the trade.
 * The messages oldest first, new ones live, and a box to write (at most 1,000 characters). `me` is who
 * the viewer is; `others` who they write to (the other trader, or both traders for the middleman).
 */
export function Conversation({
  offerId,
  me,
  others,
  readOnly = false,
}: {
  offerId: number
  me: TradeMessage['author']
  others: Pick<Trader, 'username' | 'roblox'>[]
  readOnly?: boolean
}) {
  const [draft, setDraft] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const trader = others[0]!
  const other = others.map((o) => o.username).join(' and ')
  // A trader may block the other; the middleman works for both and blocks nobody.
  const blocked = useBlocked(me === 'middleman' ? '' : trader.username)
  const pollEvery = useLiveMessages(offerId, (message) => {
    if (message.author !== me) setAnnouncement(`New message from ${message.username}: ${message.body}`)
  })
  const messages = useQuery({ ...messagesQuery(offerId), refetchInterval: pollEvery })
  const send = useMutation(sendMessageMutation(offerId))
  const listRef = useRef<HTMLOListElement>(null)
  const headingId = useId()
  const countId = useId()
  const count = messages.data?.messages.length ?? 0

  // The newest message in view, as a chat shows it (the list scrolls, not the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message arrives
  useEffect(() => {
    const list = listRef.current
    if (list) list.scrollTop = list.scrollHeight
  }, [count])

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    const body = draft.trim()
    if (!body || send.isPending) return
    send.mutate(body, { onSuccess: () => setDraft('') })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || !entersSend()) return
    event.preventDefault()
    submit()
  }

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-xl border border-line bg-bg p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold">
            Conversation with {other}
          </h3>
          {others.length === 1 && <VerifiedBadge roblox={trader.roblox} />}
        </div>
        {me !== 'middleman' && !blocked && other !== 'deleted' && (
          <Suspense fallback={null}>
            <BlockButton username={other} />
          </Suspense>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {messages.isPending ? (
        <p className="mt-2 text-muted text-sm">Loading messages…</p>
      ) : messages.isError ? (
        <div className="mt-2">
          <FormMessage kind="error">The messages could not be loaded.</FormMessage>
          <button
            type="button"
            onClick={() => messages.refetch()}
            className={`${buttonClass('secondary', 'sm')} mt-2`}
          >
            Try again
          </button>
        </div>
      ) : count === 0 ? (
        <p className="mt-2 text-muted text-sm">
          No messages yet. Agree with {other} on when to meet in the game.
        </p>
      ) : (
        <ol
          ref={listRef}
          aria-label={`Messages with ${other}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="mt-3 max-h-96 space-y-2 overflow-y-auto pr-1"
        >
          {messages.data.messages.map((m) => (
            <li key={m.id} className={`flex ${m.author === me ? 'justify-end' : 'justify-start'}`}>
              <div
                className={`max-w-[85%] rounded-xl px-3 py-2 text-sm ${m.author === me ? 'bg-accent/15' : 'bg-surface-2'}`}
              >
                <p className="text-muted text-xs">
                  <span className="font-semibold text-ink">{m.author === me ? 'You' : m.username}</span>
                  {m.author === 'middleman' && <MiddlemanBadge />}
                  {' · '}
                  <time dateTime={m.createdAt}>{formatClock(m.createdAt, Date.now())}</time>
                </p>
                <p className="mt-0.5 whitespace-pre-wrap [overflow-wrap:anywhere]">{m.body}</p>
                {m.author !== me && <Slot slot={messageActions} message={m} />}
              </div>
            </li>
          ))}
        </ol>
      )}
      {readOnly ? (
        <p className="mt-3 text-muted text-sm">The job is closed: the conversation is read-only.</p>
      ) : blocked ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <p>You blocked {other}: neither of you can write here.</p>
          <Suspense fallback={null}>
            <BlockButton username={other} />
          </Suspense>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-3">
          <label htmlFor={`${headingId}-box`} className="font-medium text-sm">
            Message to {other}
          </label>
          <textarea
            id={`${headingId}-box`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            maxLength={MAX}
            rows={2}
            aria-describedby={countId}
            className="mt-1 w-full resize-y rounded-lg border border-line bg-bg px-3 py-2.5 text-ink placeholder:text-muted/70"
          />
          <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
            <p id={countId} className="text-muted text-xs tabular-nums">
              {draft.length} / {MAX}
            </p>
            <button
              type="submit"
              disabled={send.isPending || draft.trim() === ''}
              className={buttonClass('primary', 'sm')}
            >
              <Send aria-hidden="true" className="size-4" /> Send
            </button>
          </div>
          {send.isError && (
            <div className="mt-2">
              <FormMessage kind="error">{sendError(send.error)}</FormMessage>
            </div>
          )}
        </form>
      )}
    </section>
  )
}
