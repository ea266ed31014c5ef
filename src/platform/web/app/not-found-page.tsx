import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'
import { usePageMeta } from '@/platform/web/lib/page-meta'
import { NOT_FOUND_PAGE } from '@/shared/pages'

/** The 404 page; also rendered by pages whose game, item or user does not exist. */
export function NotFoundPage() {
  const { pathname } = useLocation()
  usePageMeta(NOT_FOUND_PAGE.title, NOT_FOUND_PAGE.description)
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])

  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="font-bold text-6xl text-accent">404</p>
      <h1 className="mt-4 font-bold text-3xl">Page Not Found</h1>
      <p className="mt-3 text-muted">
        We couldn't find{' '}
        <code className="break-all rounded bg-surface-2 px-1.5 py-0.5 text-ink">{pathname}</code>. It may have
        moved, or the link may be wrong.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary')}>
          Back to home
        </Link>
        <Link to="/values-and-wfl" className={buttonClass('secondary')}>
          Open the trade helper
        </Link>
        <Link to="/sites" className={buttonClass('secondary')}>
          See every page
        </Link>
      </div>
    </div>
  )
}
