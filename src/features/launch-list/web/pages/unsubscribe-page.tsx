import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { unsubscribe } from '../api'

/** The one-click unsubscribe link of every launch mail. */
export function UnsubscribePage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const result = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => unsubscribe(token!),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

  let body: React.ReactNode
  if (!token) {
    body = (
      <p className="text-muted">
        To stop launch e-mails, open the unsubscribe link at the bottom of any e-mail we sent you.
      </p>
    )
  } else if (result.isPending) {
    body = <Spinner label="Unsubscribing" />
  } else if (result.isError) {
    const { error } = result
    const invalid = error instanceof ApiError && error.status >= 400 && error.status < 500
    body = (
      <p className="text-danger">
        {error instanceof ApiError && error.code === 'RATE_LIMITED'
          ? error.message
          : invalid
            ? 'This unsubscribe link is invalid or has expired. Use the link in the latest e-mail we sent you.'
            : 'We could not unsubscribe you right now. Please open the link again in a few minutes.'}
      </p>
    )
  } else {
    body = (
      <p role="status" className="text-ink">
        You are unsubscribed: <strong>{result.data.email}</strong> will get no more launch e-mails.
      </p>
    )
  }
  return (
    <Page title="Unsubscribe" lead="Stop receiving TradeHub launch e-mails.">
      <div className="rounded-2xl border border-line bg-surface p-6">
        {body}
        <Link to="/" className={`${buttonClass('secondary')} mt-5`}>
          Back to home
        </Link>
      </div>
    </Page>
  )
}
