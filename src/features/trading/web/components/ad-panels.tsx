/** The signed-in trader's part of an ad's page: the owner's offers, or another trader's offer and theirs. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Suspense, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { BlockButton, useBlocked } from '@/features/accounts/web/public'
import type { TradeAd, TradeOffer } from '@/features/trading/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { lazy } from '@/platform/web/lib/lazy'
import { followLive } from '@/platform/web/lib/live'
import { Slot } from '@/platform/web/lib/slots'
import { toast } from '@/platform/web/lib/toast'
import { adEndedLine, noOffersLine } from '../ad-offers-line'
import { tradeAdQuery } from '../api'
import { canOfferAsRequested, type OfferRole } from '../offer-view'
import { adOffersQuery, makeOfferMutation, offerKeys } from '../offers-api'
import { adActions } from '../slots'

/** The counter-offer's form and the sides editor's code load when a trader starts one. */
const loadOfferForm = () => import('./offer-form')
const OfferForm = lazy(async () => ({ default: (await loadOfferForm()).OfferForm }))

/** The owner's Close and Relist load for the owner only. */
const AdActions = lazy(async () => ({ default: (await import('./ad-actions')).AdActions }))

/** The offers' cards load beside the offers themselves (a viewer's own, read in the browser). */
const loadOfferCard = () => import('./offer-card')
const OfferCard = lazy(async () => ({ default: (await loadOfferCard()).OfferCard }))

/**
 * While the ad's page is open, each notification of the viewer (a new offer, an answer, a confirmation)
 * reads the ad and its offers again: both traders see the other's decisions without reloading.
 */
function useLiveOffers(adId: number) {
  const client = useQueryClient()
  useEffect(() => {
    return followLive({
      user: true,
      onEvent: (type) => {
        if (type !== 'notifications') return
        void client.invalidateQueries({ queryKey: offerKeys.ofAd(adId) })
        void client.invalidateQueries({ queryKey: tradeAdQuery(adId).queryKey })
      },
    })
  }, [client, adId])
}

/** The offer whose conversation is open (`?offer=`, the address notifications link to). */
function useOpenOffer() {
  const [search, setSearch] = useSearchParams()
  const open = Number(search.get('offer')) || null
  const toggle = (offerId: number, show: boolean) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (show) next.set('offer', String(offerId))
        else next.delete('offer')
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  return { open, toggle }
}

function OfferList({ offers, viewer, empty }: { offers: TradeOffer[]; viewer: OfferRole; empty: string }) {
  const { open, toggle } = useOpenOffer()
  const scrolled = useRef(false)
  // A link to one offer's conversation (a notification) brings it into view once.
  useEffect(() => {
    if (scrolled.current || !open) return
    scrolled.current = true
    document.getElementById(`offer-${open}`)?.scrollIntoView({ block: 'start' })
  }, [open])
  if (offers.length === 0) return <p className="text-muted">{empty}</p>
  return (
    <Suspense fallback={<Spinner label="Loading the offers" />}>
      <ul className="flex flex-col gap-4">
        {offers.map((offer) => (
          <li key={offer.id} id={`offer-${offer.id}`} className="scroll-mt-20">
            <OfferCard
              offer={offer}
              viewer={viewer}
              open={open === offer.id}
              onToggle={(show) => toggle(offer.id, show)}
            />
          </li>
        ))}
      </ul>
    </Suspense>
  )
}

function useOffers(adId: number) {
  useEffect(() => {
    void loadOfferCard()
  }, [])
  return useQuery(adOffersQuery(adId))
}

function OffersError({ retry }: { retry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-2">
      <FormMessage kind="error">The offers could not be loaded.</FormMessage>
      <button type="button" onClick={retry} className={buttonClass('secondary', 'sm')}>
        Try again
      </button>
    </div>
  )
}

/** The owner's part: close or relist the ad, and every offer made on it. */
export function OwnerPanel({ ad }: { ad: TradeAd }) {
  useLiveOffers(ad.id)
  const offers = useOffers(ad.id)
  const pending = offers.data?.offers.filter((o) => o.status === 'pending').length ?? 0
  return (
    <section aria-labelledby="offers-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="offers-heading" className="font-bold text-xl">
          Offers{offers.data && ` (${offers.data.offers.length})`}
        </h2>
        <Suspense fallback={null}>
          <AdActions ad={ad} />
        </Suspense>
      </div>
      {ad.status === 'open' && pending > 0 && (
        <p className="mt-1 text-muted text-sm">
          Accepting one offer leaves the others pending until the ad closes or the trade completes.
        </p>
      )}
      <div className="mt-4">
        {offers.isPending ? (
          <Spinner label="Loading the offers" />
        ) : offers.isError ? (
          <OffersError retry={() => offers.refetch()} />
        ) : (
          <OfferList offers={offers.data.offers} viewer="owner" empty={noOffersLine(ad)} />
        )}
      </div>
    </section>
  )
}

function offerError(error: Error): string {
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds)
    return `${error.message}. Try again in ${Math.ceil(error.retryAfterSeconds / 60)} min.`
  return error.message
}

/** Another trader's part: make an offer (as requested, or a counter-offer), and their offers on it. */
export function OffererPanel({ ad }: { ad: TradeAd }) {
  useLiveOffers(ad.id)
  const offers = useOffers(ad.id)
  const asRequested = useMutation(makeOfferMutation(ad.id))
  const [countering, setCountering] = useState(false)
  const blocked = useBlocked(ad.owner.username)
  const waiting = offers.data?.offers.some((o) => o.status === 'pending' || o.status === 'accepted')
  const canOffer = ad.status === 'open' && offers.isSuccess && !waiting
  return (
    <>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Slot slot={adActions} ad={ad} />
        {!blocked && (
          <Suspense fallback={null}>
            <BlockButton username={ad.owner.username} />
          </Suspense>
        )}
      </div>
      {blocked && (
        <div className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-4">
          <p>You blocked this trader.</p>
          <Suspense fallback={null}>
            <BlockButton username={ad.owner.username} className={buttonClass('secondary', 'sm')} />
          </Suspense>
        </div>
      )}
      {canOffer && !blocked && (
        <section aria-labelledby="make-offer-heading" className="mt-8">
          <h2 id="make-offer-heading" className="font-bold text-xl">
            Make an offer
          </h2>
          {!countering && (
            <div className="mt-3 flex flex-wrap gap-2">
              {canOfferAsRequested(ad) && (
                <button
                  type="button"
                  disabled={asRequested.isPending}
                  onClick={() =>
                    asRequested.mutate(
                      {},
                      {
                        onSuccess: () =>
                          toast.success('Offer sent', {
                            description: `${ad.owner.username} is notified.`,
                          }),
                      },
                    )
                  }
                  className={buttonClass('primary')}
                >
                  Offer as requested
                </button>
              )}
              <button
                type="button"
                onPointerEnter={loadOfferForm}
                onFocus={loadOfferForm}
                onClick={() => {
                  asRequested.reset()
                  setCountering(true)
                }}
                className={buttonClass('secondary')}
              >
                Make a counter-offer
              </button>
            </div>
          )}
          {!countering && asRequested.isError && (
            <div className="mt-3">
              <FormMessage kind="error">{offerError(asRequested.error)}</FormMessage>
            </div>
          )}
          {countering && (
            <div className="mt-3">
              <Suspense fallback={<Spinner label="Loading the items" />}>
                <OfferForm ad={ad} onDone={() => setCountering(false)} />
              </Suspense>
            </div>
          )}
        </section>
      )}
      {ad.status !== 'open' && !waiting && offers.isSuccess && (
        <p className="mt-8 text-muted">{adEndedLine(ad.status)}.</p>
      )}
      {(offers.isError || (offers.data?.offers.length ?? 0) > 0) && (
        <section aria-labelledby="your-offers-heading" className="mt-8">
          <h2 id="your-offers-heading" className="font-bold text-xl">
            Your offers
          </h2>
          <div className="mt-4">
            {offers.isError ? (
              <OffersError retry={() => offers.refetch()} />
            ) : (
              <OfferList offers={offers.data?.offers ?? []} viewer="offerer" empty="" />
            )}
          </div>
        </section>
      )}
    </>
  )
}
