import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Suspense } from 'react'
import { Link, useParams } from 'react-router'
import { SignInPrompt, useMe } from '@/features/accounts/web/public'
import type { TradeAd } from '@/features/trading/contract'
import { TRADING_MESSAGES } from '@/features/trading/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { lazy } from '@/platform/web/lib/lazy'
import { usePageMeta } from '@/platform/web/lib/page-meta'
import { GAME_NAMES } from '@/shared/games'
import { tradeAdQuery } from '../api'
import { AdContents, adSummary } from '../components/ad-card'
import { AdTimes } from '../components/ad-times'
import { StatusBadge } from '../components/offer-status'
import { TradeVerdict } from '../components/trade-verdict'
import { TraderChip } from '../components/trader-chip'

/** The signed-in trader's part (offers, the offer form, live updates) loads for signed-in traders only. */
const loadPanels = () => import('../components/ad-panels')
const OwnerPanel = lazy(async () => ({ default: (await loadPanels()).OwnerPanel }))
const OffererPanel = lazy(async () => ({ default: (await loadPanels()).OffererPanel }))

/** What the viewer can do with the ad: sign in, choose a username, answer offers, or make one. */
function ViewerPart({ ad }: { ad: TradeAd }) {
  const { me, isPending } = useMe()
  const username = me?.profile.username ?? null
  if (isPending) return null
  if (!me)
    return (
      <div className="mt-8">
        <SignInPrompt back={`/trading/ad/${ad.id}`}>Sign in to make an offer.</SignInPrompt>
      </div>
    )
  if (!username)
    return (
      <div className="mt-8 rounded-2xl border border-line bg-surface p-6">
        <p className="text-muted">{TRADING_MESSAGES.usernameFirst}.</p>
        <Link to="/profile" className={`${buttonClass('primary')} mt-4`}>
          Choose a username
        </Link>
      </div>
    )
  return (
    <Suspense fallback={<Spinner label="Loading the offers" />}>
      {username === ad.owner.username ? <OwnerPanel ad={ad} /> : <OffererPanel ad={ad} />}
    </Suspense>
  )
}

/** The ad itself: owner, status and times, both sides with values, tags, note and the verdict. */
function AdDetails({ ad, isOwner }: { ad: TradeAd; isOwner: boolean }) {
  return (
    <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <TraderChip trader={ad.owner} />
        <div className="flex flex-col items-end gap-1">
          <StatusBadge status={ad.status} />
          <AdTimes ad={ad} />
        </div>
      </div>
      <AdContents ad={ad} />
      <div className="border-line border-t pt-3">
        <TradeVerdict
          wfl={ad.wfl}
          viewpoint={isOwner ? 'author' : 'other'}
          label={isOwner ? 'Your verdict' : 'For you'}
        />
      </div>
    </div>
  )
}

/** /trading/ad/:id — one trade ad, its offers for its owner, and making an offer for other traders. */
export function AdPage() {
  const id = Number(useParams().id)
  const valid = Number.isSafeInteger(id) && id > 0
  const query = useQuery({ ...tradeAdQuery(valid ? id : 0), enabled: valid })
  const { me } = useMe()
  const ad = query.data?.ad
  usePageMeta(
    ad && `${adSummary(ad)} — ${GAME_NAMES[ad.game]} trade ad`,
    ad &&
      `A ${GAME_NAMES[ad.game]} trade ad by ${ad.owner.username}: what they have, what they want, and the offers.`,
  )
  const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404)

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to="/trading"
        className="inline-flex min-h-6 items-center gap-1 text-muted text-sm hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Trade ads
      </Link>
      {ad ? (
        <>
          <h1 className="mt-3 font-bold text-2xl tracking-tight sm:text-3xl">{adSummary(ad)}</h1>
          <p className="mt-1 text-muted">
            A {GAME_NAMES[ad.game]} trade ad by {ad.owner.username}
          </p>
          <AdDetails ad={ad} isOwner={me?.profile.username === ad.owner.username} />
          <ViewerPart ad={ad} />
        </>
      ) : notFound ? (
        <>
          <h1 className="mt-3 font-bold text-2xl tracking-tight sm:text-3xl">
            {TRADING_MESSAGES.adNotFound}
          </h1>
          <p className="mt-2 text-muted">It may have been removed, or the link is wrong.</p>
          <Link to="/trading" className={`${buttonClass('primary')} mt-4`}>
            Browse trade ads
          </Link>
        </>
      ) : query.isError ? (
        <>
          <h1 className="mt-3 font-bold text-2xl tracking-tight">Trade ad</h1>
          <div className="mt-4 flex flex-col items-start gap-2">
            <FormMessage kind="error">The ad could not be loaded. Check your connection.</FormMessage>
            <button type="button" onClick={() => query.refetch()} className={buttonClass('secondary', 'sm')}>
              Try again
            </button>
          </div>
        </>
      ) : (
        <Spinner label="Loading the ad" />
      )}
    </div>
  )
}
