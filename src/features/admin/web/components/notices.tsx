import { Link } from 'react-router'
import type { AdminNotice } from '@/features/admin/contract'
import { formatRelative } from '@/platform/web/lib/format'
import { useRenderNow } from '@/platform/web/lib/now'

/**
 * What needs the reader now (a failed import), one danger-coloured notice each, linking to where it is
 * looked into: "The Pet Simulator 99 price import failed 2 hours ago: … Open Imports". Nothing when
 * there is none.
 */
export function AdminNotices({ notices }: { notices: readonly AdminNotice[] }) {
  const now = useRenderNow()
  if (notices.length === 0) return null
  // An alert: it comes after the page, and what failed is what the reader must hear first.
  return (
    <div role="alert">
      <ul aria-label="Needs attention" className="grid gap-2">
        {notices.map((notice) => (
          <li
            key={notice.id}
            className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-danger text-sm [overflow-wrap:anywhere]"
          >
            <span className="font-semibold">
              {notice.title} {formatRelative(notice.at, now)}:
            </span>{' '}
            {notice.detail}{' '}
            <Link to={notice.href} className="font-semibold underline underline-offset-2">
              {notice.link}
              <span className="sr-only"> ({notice.title})</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
