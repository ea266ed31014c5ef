import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import type { FeedItem, FeedResponse } from '@/features/alerts/contract'
import { FEED_TIMING } from '@/features/alerts/rules'
import { apiFetch } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { setFeedOn } from '../preference'
import { toastDuration } from '../rotation'
import { startFeed } from '../schedule'
import { FeedToastText } from './feed-toast'

/** Toasts never cover an open dialog (the phone menu, sign-out, the username modal…)… */
const DIALOG = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]'
/** …nor a field the visitor is filling in (the launch list, a search, the calculator). */
const FIELD = 'input, select, textarea, [contenteditable]:not([contenteditable="false"])'
const busy = () => document.querySelector(DIALOG) !== null || document.activeElement?.matches(FIELD) === true

/**
 * Where a feed toast shows: on a phone at the top, under the header, away from the fields a visitor
 * fills in further down the screen; on a wider screen at the bottom left, clear of the hearts and bells
 * at the end of the rows (other toasts, answers to what the visitor did, stay at the bottom right).
 * 600 px is where sonner lays toasts out for phones.
 */
const position = () => (matchMedia('(max-width: 600px)').matches ? 'top-center' : 'bottom-left')

/**
 * The site feed: toasts of what really happened on the site (GET /api/feed, asked at most once a
 * minute, and again when someone signs in or out: a trader's answer leaves out what is not news to
 * them), on the clock of `startFeed`. A dialog that opens, or a field that gets the focus, while one
 * shows sends it away.
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
          position: position(),
          description: <FeedToastText item={item} />,
          duration: toastDuration(item),
          action: { label: 'Turn off feed', onClick: () => setFeedOn(false) },
          onDismiss: () => closed(id),
          onAutoClose: () => closed(id),
        },
      )
      clearInterval(watch)
      watch = setInterval(() => {
        if (busy()) dismissAll()
      }, 500)
    }
    feed.current = startFeed({
      items: () => items.current,
      sinceLoad: () => performance.now(),
      hidden: () => document.hidden,
      busy,
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
