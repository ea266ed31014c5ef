import { queryOptions, useQuery } from '@tanstack/react-query'
import { Star } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import type { Review, ReviewSummary, ReviewsResponse } from '@/features/trust/contract'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Pager } from '@/platform/web/components/ui/pager'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { apiFetch } from '@/platform/web/lib/api'
import { formatCount, formatDay } from '@/platform/web/lib/format'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'
import { ReportButton } from './report-button'

/**
 * A trader's reputation and their reviews, a page at a time, on their public profile (a section of the
 * accounts' page: this module loads with it, and the profile's loader imports it to ask for the reviews).
 */
export const reviewsQuery = (username: string, page = 1) =>
  queryOptions({
    queryKey: ['reviews', username.toLowerCase(), page],
    queryFn: ({ signal }) =>
      apiFetch<ReviewsResponse>(
        `/api/users/${encodeURIComponent(username)}/reviews${page > 1 ? `?page=${page}` : ''}`,
        { signal },
      ),
  })

/** The page of reviews a public profile shows (`?reviews=2`; 1 unless a whole number from 2 to 1000). */
export function reviewsPageOf(search: URLSearchParams): number {
  const page = Number(search.get('reviews'))
  return Number.isInteger(page) && page > 1 && page <= 1000 ? page : 1
}

/** The page of reviews /u/{username} shows, for its loader (asked for beside the profile). */
export function prefetchReviews({ params, request, context }: PrefetchArgs<'username'>) {
  prefetch(context, reviewsQuery(params.username ?? '', reviewsPageOf(new URL(request.url).searchParams)))
}

/** ★★★★☆: a rating out of 5, read as "4 out of 5 stars". */
function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating)
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex text-warn">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={`size-4 ${n <= full ? 'fill-current' : 'text-line'}`} />
      ))}
    </span>
  )
}

/** "2 disputes upheld": a moderator upheld disputes against this trader (none: nothing shown). */
function DisputesUpheld({ n }: { n: number }) {
  if (n === 0) return null
  return (
    <p className="mt-2 inline-block rounded-full border border-danger/50 px-2 py-0.5 text-danger text-sm">
      {formatCount(n)} dispute{n === 1 ? '' : 's'} upheld
    </p>
  )
}

const counted = (n: number, what: string) => `${formatCount(n)} ${what}${n === 1 ? '' : 's'}`

/** "3 completed trades", "2 trading partners": the trades that count, and with how many traders. */
const tradeFigures = (summary: ReviewSummary) => [
  counted(summary.completedTrades, 'completed trade'),
  counted(summary.partners, 'trading partner'),
]

function Summary({ summary }: { summary: ReviewSummary }) {
  if (summary.average === null || summary.count === 0)
    return (
      <>
        <p className="mt-3 text-muted">
          {['No reviews yet', ...(summary.completedTrades > 0 ? tradeFigures(summary) : [])].join(' · ')}
        </p>
        <DisputesUpheld n={summary.disputesUpheld} />
      </>
    )
  const figures = [
    counted(summary.count, 'review'),
    ...tradeFigures(summary),
    ...(summary.positivePercent === null ? [] : [`${summary.positivePercent}% positive`]),
  ]
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1">
      <p className="flex items-center gap-2">
        <span className="font-bold text-3xl">{summary.average.toFixed(1)}</span>
        <Stars rating={summary.average} />
      </p>
      <ul aria-label="Reputation figures" className="flex flex-wrap gap-x-3 text-muted text-sm">
        {figures.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <DisputesUpheld n={summary.disputesUpheld} />
    </div>
  )
}

/** A review's Report button, for a signed-in viewer who did not write it. */
function ReportReview({ review }: { review: Review }) {
  const { me } = useMe()
  if (!me || me.profile.username === review.author) return null
  return <ReportButton target={{ kind: 'review', id: review.id }} what={`the review by ${review.author}`} />
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Stars rating={review.rating} />
        {review.author === 'deleted' ? (
          <span className="text-muted">A deleted account</span>
        ) : (
          <Link to={`/u/${review.author}`} className="font-medium text-accent underline">
            {review.author}
          </Link>
        )}
        {review.newAccount && (
          <span
            title="Written by an account younger than 3 days"
            className="rounded-full border border-warn/50 px-2 py-0.5 text-warn text-xs"
          >
            New account
          </span>
        )}
        <span className="text-muted">{formatDay(review.createdAt)}</span>
        <span className="ml-auto">
          <ReportReview review={review} />
        </span>
      </div>
      {review.comment && <p className="mt-2 whitespace-pre-line break-words">{review.comment}</p>}
    </li>
  )
}

/**
 * "Reputation" on a trader's profile: the summary of their reviews and the latest ones, 20 a page (the
 * page in the address, `?reviews=2`; the route's loader asks for it with the profile).
 */
export function Reputation({ username, page }: { username: string; page: number }) {
  const query = useQuery(reviewsQuery(username, page))
  return (
    <section
      id="reputation"
      aria-labelledby="reputation-heading"
      className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="reputation-heading" className="font-semibold text-lg">
        Reputation
      </h2>
      {query.isPending ? (
        <Spinner label="Loading reviews" />
      ) : query.isError ? (
        <ErrorPanel onRetry={() => query.refetch()} />
      ) : (
        <>
          <Summary summary={query.data.summary} />
          {query.data.reviews.length > 0 ? (
            <ul aria-label="Reviews" className="mt-2 divide-y divide-line">
              {query.data.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
          ) : (
            // A page past the last one (an old link).
            query.data.summary.count > 0 && (
              <Link
                to={{ search: '', hash: '#reputation' }}
                className="mt-3 inline-block text-accent underline"
              >
                See the latest reviews
              </Link>
            )
          )}
          <Pager
            page={query.data.page}
            pageCount={query.data.pageCount}
            hrefFor={(p) => ({ search: p > 1 ? `?reviews=${p}` : '', hash: '#reputation' })}
            previous="Newer reviews"
            next="Older reviews"
          />
        </>
      )}
    </section>
  )
}

/** The Reputation section of a public profile: the page of reviews its address asks for (`?reviews=2`). */
export function ProfileReputation({ username }: { username: string }) {
  const [search] = useSearchParams()
  return <Reputation username={username} page={reviewsPageOf(search)} />
}
