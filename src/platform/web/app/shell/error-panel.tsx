import { AlertTriangle } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'

/** The error panel (docs/product.md §15): shown where a page failed. */
export function ErrorPanel({
  title = 'Oops! Something went wrong',
  message = "We couldn't process your request. Please try again.",
  onRetry,
}: {
  title?: string
  message?: string
  onRetry?: () => void
}) {
  return (
    <div
      role="alert"
      className="mx-auto my-12 max-w-lg rounded-2xl border border-danger/40 bg-danger/5 p-6 text-center"
    >
      <AlertTriangle aria-hidden="true" className="mx-auto size-8 text-danger" />
      <h1 className="mt-3 font-semibold text-xl">{title}</h1>
      <p className="mt-2 text-muted">{message}</p>
      <div className="mt-5 flex justify-center gap-3">
        {onRetry && (
          <button type="button" className={buttonClass('primary')} onClick={onRetry}>
            Try Again
          </button>
        )}
        <Link to="/" className={buttonClass('secondary')}>
          Go home
        </Link>
      </div>
    </div>
  )
}
