import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { Suspense, useEffect, useId } from 'react'
import type { UnreadCountResponse } from '@/features/notifications/contract'
import { lazy } from '@/platform/web/lib/lazy'
import { followLive } from '@/platform/web/lib/live'
import { useDisclosure } from '@/platform/web/lib/use-disclosure'
import { unreadCountQuery } from '../api'
import { notificationKeys } from '../queries'
import { badgeText, bellLabel } from '../view'

const loadPanel = () => import('./notification-panel')
const NotificationPanel = lazy(loadPanel)

/**
 * Follows the user's notifications on the tab's event stream: each `notifications` event is the unread
 * count now; the lists are read again when next shown.
 */
function useLiveNotifications() {
  const client = useQueryClient()
  useEffect(
    () =>
      followLive({
        user: true,
        onEvent: (type, data) => {
          if (type !== 'notifications') return
          client.setQueryData<UnreadCountResponse>(notificationKeys.unread, data as UnreadCountResponse)
          void client.invalidateQueries({
            queryKey: notificationKeys.all,
            predicate: (query) => query.queryKey[1] !== notificationKeys.unread[1],
          })
        },
      }),
    [client],
  )
}

/** The header's bell (signed-in users): the unread count, live; a click opens the latest notifications. */
export default function NotificationBell() {
  useLiveNotifications()
  const { open, setOpen, rootProps, buttonRef } = useDisclosure()
  const unread = useQuery(unreadCountQuery).data?.unread ?? 0
  const panelId = useId()
  return (
    <div {...rootProps} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        onClick={() => setOpen(!open)}
        className="relative inline-flex size-9 items-center justify-center rounded-full hover:bg-surface-2"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-accent px-1 text-center font-bold text-[0.65rem] text-accent-ink leading-5 tabular-nums"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} close={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  )
}
