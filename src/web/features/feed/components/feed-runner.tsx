import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import type { FeedItem, FeedResponse } from '@/shared/alerts'
import { FEED_TIMING } from '@/shared/alerts-rules'
import { useMe } from '@/web/features/accounts/public'
import { apiFetch } from '@/web/lib/api'
import { toast } from '@/web/lib/toast'
import { setFeedOn } from '../preference'
import { feedFor, toastDuration } from '../rotation'
import { startFeed } from '../schedule'
import { FeedToastText } from './feed-toast'

/** Toasts never cover an open dialog (the phone menu, sign-out, the username modal…). */
const DIALOG = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]'
const dialogOpen = () => document.querySelector(DIALOG) !== null

/**
 * The site feed: toasts of what really happened on the site (GET /api/feed, asked at most once a
 * minute), on the clock of `startFeed`. A dialog that opens while one shows sends it away.
 */
export default function FeedRunner() {
  const { data } = useQuery({
    queryKey: ['feed'],
    queryFn: ({ signal }) => apiFetch<FeedResponse>('/api/feed', { signal }),
    staleTime: FEED_TIMING.refreshMs,
    refetchInterval: FEED_TIMING.refreshMs,
  })
  const items = useRef<readonly FeedItem[] | undefined>(undefined)
  const { me } = useMe()
  items.current = feedFor(data?.items, Boolean(me))
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
          description: <FeedToastText item={item} />,
          duration: toastDuration(item),
          action: { label: 'Turn off feed', onClick: () => setFeedOn(false) },
          onDismiss: () => closed(id),
          onAutoClose: () => closed(id),
        },
      )
      clearInterval(watch)
      watch = setInterval(() => {
        if (dialogOpen()) dismissAll()
      }, 500)
    }
    feed.current = startFeed({
      items: () => items.current,
      sinceLoad: () => performance.now(),
      hidden: () => document.hidden,
      dialogOpen,
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
