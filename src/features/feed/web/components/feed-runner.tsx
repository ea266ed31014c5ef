import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import type { FeedItem, FeedResponse } from '@/features/alerts/contract'
import { FEED_TIMING } from '@/features/alerts/rules'
import { apiFetch } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { type Box, coversAny, type FeedViewport, feedToastArea, PHONE_QUERY } from '../pacing'
import { setFeedOn } from '../preference'
import { toastDuration } from '../rotation'
import { startFeed } from '../schedule'
import { FeedToastText } from './feed-toast'

/** Toasts never cover an open dialog (the phone menu, sign-out, the username modal…)… */
const DIALOG = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]'
/** …nor a field the visitor is filling in (the launch list, a search, the calculator)… */
const FIELD = 'input, select, textarea, [contenteditable]:not([contenteditable="false"])'
const busy = () => document.querySelector(DIALOG) !== null || document.activeElement?.matches(FIELD) === true
/** …nor a heading or a form of the page. */
const CONTENT = 'h1, h2, h3, h4, h5, h6, [role="heading"], form, [role="form"]'
/** The feed's toasts carry this class: the watch measures the one showing. */
const FEED_TOAST = 'site-feed-toast'
/** Small on a phone (20rem at most, as `feedToastArea` counts), above the screen's safe area. */
const FEED_TOAST_CLASS = `${FEED_TOAST} max-[600px]:!w-[min(20rem,calc(100%_-_32px))] max-[600px]:mb-[env(safe-area-inset-bottom)]`

const viewport = (): FeedViewport => (matchMedia(PHONE_QUERY).matches ? 'phone' : 'wide')

/**
 * Whether a heading or a form of the page is under `area` on the screen (what is scrolled out of
 * sight, or under a toast sliding in from the bottom edge, is not covered; the toasts left out).
 */
function coversContent(area: Box): boolean {
  const onScreen = { ...area, top: Math.max(0, area.top), bottom: Math.min(window.innerHeight, area.bottom) }
  const boxes = [...document.querySelectorAll(CONTENT)]
    .filter((el) => !el.closest('[data-sonner-toaster]'))
    .map((el) => el.getBoundingClientRect())
  return coversAny(onScreen, boxes)
}

/** Where the next feed toast would show (pacing.ts), and whether it would cover content there. */
const covered = () =>
  coversContent(feedToastArea(viewport(), { width: window.innerWidth, height: window.innerHeight }))

/** The feed toast showing covers content now (the page scrolled under it, or it came out taller). */
const showingCovers = () =>
  [...document.querySelectorAll(`.${FEED_TOAST}`)].some((el) => coversContent(el.getBoundingClientRect()))

/**
 * The site feed: toasts of what really happened on the site (GET /api/feed, asked at most once a
 * minute, and again when someone signs in or out: a trader's answer leaves out what is not news to
 * them), on the clock of `startFeed`, in the bottom-left corner (docs/decisions/026). A dialog that
 * opens, a field that gets the focus, or a heading or form that comes under it while one shows sends
 * it away.
 */
export default function FeedRunner() {
  const { me, isPending } = useMe()
  const { data } = useQuery({
    queryKey: ['feed', me?.id ?? null],
    queryFn: ({ signal }) => apiFetch<FeedResponse>('/api/feed', { signal }),
    enabled: !isPending,
    staleTime: FEED_TIMING.refreshMs,
    refetchInterval: FEED_TIMING.refreshMs,
  })
  const items = useRef<readonly FeedItem[] | undefined>(undefined)
  items.current = data?.items
  const feed = useRef<ReturnType<typeof startFeed> | null>(null)

  useEffect(() => {
    const open = new Set<string>()
    let count = 0
    let watch: ReturnType<typeof setInterval> | undefined
    const dismissAll = () => {
      for (const id of [...open]) toast.dismiss(id)
    }
    const closed = (id: string) => {
      open.delete(id)
      if (open.size === 0) clearInterval(watch)
    }
    const show = (item: FeedItem) => {
      const id = `site-feed-${++count}`
      open.add(id)
      toast(
        <Link to={item.link} onClick={() => toast.dismiss(id)} className="hover:underline">
          {item.title}
        </Link>,
        {
          id,
          position: 'bottom-left',
          className: FEED_TOAST_CLASS,
          description: <FeedToastText item={item} />,
          duration: toastDuration(item),
          action: { label: 'Turn off feed', onClick: () => setFeedOn(false) },
          onDismiss: () => closed(id),
          onAutoClose: () => closed(id),
        },
      )
      clearInterval(watch)
      watch = setInterval(() => {
        if (busy() || showingCovers()) dismissAll()
      }, 500)
    }
    feed.current = startFeed({
      items: () => items.current,
      sinceLoad: () => performance.now(),
      hidden: () => document.hidden,
      busy,
      viewport,
      covered,
      show,
      onVisibilityChange: (listener) => {
        document.addEventListener('visibilitychange', listener)
        return () => document.removeEventListener('visibilitychange', listener)
      },
    })
    return () => {
      feed.current?.stop()
      feed.current = null
      clearInterval(watch)
      dismissAll()
    }
  }, [])

  useEffect(() => {
    if (data) feed.current?.arrived()
  }, [data])

  return null
}
