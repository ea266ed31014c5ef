import {
  ArrowLeftRight,
  Award,
  BadgeCheck,
  Ban,
  Clock,
  Handshake,
  Info,
  type LucideIcon,
  MessageSquare,
  Package,
  Scale,
  ShieldAlert,
  ShieldCheck,
  Sparkles,
  Star,
  TrendingUp,
} from 'lucide-react'
import { Link } from 'react-router'
import type { Notification, NotificationKind } from '@/features/notifications/contract'
import { formatRelative } from '@/platform/web/lib/format'

/** What each kind of notification is about, at a glance (the title says it in words). */
const KIND_ICONS: Record<NotificationKind, LucideIcon> = {
  restock: Package,
  value: TrendingUp,
  system: Info,
  'trade-offer': ArrowLeftRight,
  'trade-accepted': Handshake,
  'trade-declined': Ban,
  'trade-cancelled': Ban,
  'trade-message': MessageSquare,
  'trade-confirmed': BadgeCheck,
  'trade-completed': BadgeCheck,
  'trade-expiring': Clock,
  'trade-match': Sparkles,
  'trade-review': Star,
  'moderation-warning': ShieldAlert,
  middleman: ShieldCheck,
  dispute: Scale,
  achievement: Award,
}

/** One notification: what, when, and a link to its page (following it marks it read). */
export function NotificationItem({
  notification: n,
  onOpen,
  compact = false,
}: {
  notification: Notification
  onOpen: (n: Notification) => void
  compact?: boolean
}) {
  const unread = n.readAt === null
  const Icon = KIND_ICONS[n.kind] ?? Info
  return (
    <Link
      to={n.link}
      onClick={() => onOpen(n)}
      className={`flex gap-3 rounded-lg text-ink no-underline hover:bg-surface-2 focus-visible:bg-surface-2 ${compact ? 'px-3 py-2' : 'px-4 py-3'}`}
    >
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-accent' : 'bg-transparent'}`}
      />
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-sm [overflow-wrap:anywhere]">
          {unread && <span className="sr-only">Unread: </span>}
          {n.title}
        </span>
        <span className="block text-muted text-sm [overflow-wrap:anywhere]">{n.body}</span>
        <time dateTime={n.createdAt} className="block text-muted text-xs">
          {formatRelative(n.createdAt)}
        </time>
      </span>
    </Link>
  )
}
