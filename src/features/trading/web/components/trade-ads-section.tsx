import { useId } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'
import { type TradeAdsParams, tradeAdsSearch, useTradeAds } from '../api'
import { AdCard } from './ad-card'

/** Ads one of these short lists shows at most; "See all" opens /trading with the same filter. */
const SHOWN = 3

export interface AdListSpec {
  /** "Have it", "Want it"… */
  title: string
  filter: TradeAdsParams
  empty: string
}

function AdList({ spec, showGame }: { spec: AdListSpec; showGame: boolean }) {
  const query = useTradeAds(spec.filter)
  const ads = query.data?.ads.slice(0, SHOWN) ?? []
  const total = query.data?.total ?? 0
  return (
    <section aria-label={spec.title} aria-busy={query.isPending} className="min-w-0">
      <h3 className="font-semibold">
        {spec.title}
        {query.data && <span className="ml-2 font-normal text-muted text-sm">{total}</span>}
      </h3>
      {query.isPending ? (
        <p className="mt-2 text-muted text-sm">Loading ads…</p>
      ) : query.isError ? (
        <p role="alert" className="mt-2 text-sm">
          The ads could not be loaded.{' '}
          <button type="button" onClick={() => query.refetch()} className="min-h-6 font-semibold underline">
            Try again
          </button>
        </p>
      ) : ads.length === 0 ? (
        <p className="mt-2 text-muted text-sm">{spec.empty}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {ads.map((ad) => (
            <li key={ad.id}>
              <AdCard ad={ad} headingLevel={3} showGame={showGame} compact />
            </li>
          ))}
        </ul>
      )}
      {total > SHOWN && (
        <Link
          to={`/trading${tradeAdsSearch(spec.filter)}`}
          className={`${buttonClass('secondary', 'sm')} mt-3`}
        >
          See all {total} ads
        </Link>
      )}
    </section>
  )
}

/**
 * "Trade ads" on an item's or a trader's page: one or two short lists of open ads (a request each).
 * Other features show it once it comes near the screen.
 */
export function TradeAdsSection({
  heading,
  lists,
  showGame = false,
  postHref,
}: {
  heading: string
  lists: readonly AdListSpec[]
  showGame?: boolean
  /** "Post an ad" (with the game chosen). */
  postHref?: string
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="font-semibold text-lg">
        {heading}
      </h2>
      <div className={`mt-3 grid gap-6 ${lists.length > 1 ? 'lg:grid-cols-2' : ''}`}>
        {lists.map((spec) => (
          <AdList key={spec.title} spec={spec} showGame={showGame} />
        ))}
      </div>
      {postHref && (
        <Link to={postHref} className={`${buttonClass('primary', 'sm')} mt-4`}>
          Post an ad
        </Link>
      )}
    </section>
  )
}
