import { useQuery } from '@tanstack/react-query'
import { MessageSquare } from 'lucide-react'
import { Suspense } from 'react'
import { Link } from 'react-router'
import { SignInPrompt, useMe } from '@/features/accounts/web/public'
import type { TradeAd, TradeOffer } from '@/features/trading/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatRelative } from '@/platform/web/lib/format'
import { lazy } from '@/platform/web/lib/lazy'
import { Slot } from '@/platform/web/lib/slots'
import { GAME_NAMES } from '@/shared/games'
import { myTradesQuery } from '../api'
import { AdActions } from '../components/ad-actions'
import { AdCard, adSummary } from '../components/ad-card'
import { StatusBadge } from '../components/offer-status'
import { type OfferRole, offerHref, otherTrader } from '../offer-view'
import { myTradeActions, myTradesSections } from '../slots'

/** A row's turn, negotiation and cancel request, with their actions: their code loads with the rows. */
const OfferRowStatus = lazy(async () => ({
  default: (await import('../components/offer-row-status')).OfferRowStatus,
}))

const SECTIONS = [
  { id: 'my-ads', title: 'My ads' },
  { id: 'sent', title: 'Offers I sent' },
  { id: 'received', title: 'Offers I received' },
] as const

/** One of my ads with its status, and Close (open) or Relist (expired, closed). */
function MyAd({ ad }: { ad: TradeAd }) {
  return (
    <li className="min-w-0">
      <AdCard ad={ad} headingLevel={3} showGame compact>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StatusBadge status={ad.status} />
          <AdActions ad={ad} name={`(${adSummary(ad)})`} />
        </div>
      </AdCard>
    </li>
  )
}

/** An offer in a list: the game, the other trader, what changes hands, its status and a link to it. */
function OfferRow({ offer, viewer: role }: { offer: TradeOffer; viewer: OfferRole }) {
  const other = otherTrader(offer, role).username
  const gives = role === 'offerer' ? offer.offering : offer.requesting
  const gets = role === 'offerer' ? offer.requesting : offer.offering
  const names = (slots: TradeOffer['offering']) =>
    slots.map((s) => (s.quantity > 1 ? `${s.name} ×${s.quantity}` : s.name)).join(', ')
  return (
    <li className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold">
          <Link to={offerHref(offer)} className="inline-flex min-h-6 items-center hover:underline">
            {role === 'offerer' ? `To ${other}` : `From ${other}`} · {GAME_NAMES[offer.game]}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          {/* The server's `waitsFor`: what the count beside "My trades" counts. */}
          {offer.waiting && (
            <span className="rounded-full bg-accent/15 px-2 py-0.5 font-semibold text-accent text-xs">
              Waiting for you
            </span>
          )}
          <StatusBadge status={offer.status} />
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">You give</dt>
        <dd className="[overflow-wrap:anywhere]">{names(gives)}</dd>
        <dt className="text-muted">You get</dt>
        <dd className="[overflow-wrap:anywhere]">{names(gets)}</dd>
      </dl>
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted text-xs">
        <span>
          {offer.rounds.length > 1
            ? offer.status === 'pending'
              ? `Countered, round ${offer.rounds.length}`
              : `Agreed in round ${offer.rounds.length}`
            : offer.asRequested
              ? 'As requested'
              : 'Counter-offer'}
        </span>
        {/* When the current terms were put: the last counter's time, or the offer's. */}
        <time dateTime={offer.rounds.at(-1)?.createdAt ?? offer.createdAt}>
          {formatRelative(offer.rounds.at(-1)?.createdAt ?? offer.createdAt)}
        </time>
        <span className="inline-flex items-center gap-1">
          <MessageSquare aria-hidden="true" className="size-3.5" />
          {offer.messages} message{offer.messages === 1 ? '' : 's'}
        </span>
      </p>
      <Suspense fallback={null}>
        <OfferRowStatus offer={offer} role={role} />
      </Suspense>
      <div className="flex flex-wrap gap-2">
        <Slot slot={myTradeActions} offer={offer} role={role} href={offerHref(offer)} />
      </div>
    </li>
  )
}

function Section({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string
  title: string
  count: number
  empty: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="scroll-mt-20" id={id}>
      <h2 id={`${id}-heading`} className="font-bold text-xl">
        {title} <span className="font-normal text-muted">({count})</span>
      </h2>
      {count === 0 ? <p className="mt-3 text-muted">{empty}</p> : children}
    </section>
  )
}

function MyTrades() {
  const query = useQuery(myTradesQuery)
  if (query.isPending) return <Spinner label="Loading your trades" />
  if (query.isError)
    return (
      <div className="flex flex-col items-start gap-2">
        <FormMessage kind="error">Your trades could not be loaded.</FormMessage>
        <button type="button" onClick={() => query.refetch()} className={buttonClass('secondary', 'sm')}>
          Try again
        </button>
      </div>
    )
  const { ads, sent, received } = query.data
  const counts = { 'my-ads': ads.length, sent: sent.length, received: received.length }
  return (
    <>
      <nav aria-label="My trades" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {SECTIONS.map((s) => (
          <a
            key={s.id}
            href={`#${s.id}`}
            className="inline-flex min-h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border border-line px-3.5 font-medium text-sm hover:border-accent/60"
          >
            {s.title} <span className="text-muted tabular-nums">{counts[s.id]}</span>
          </a>
        ))}
      </nav>
      <div className="mt-6 flex flex-col gap-10">
        <Section
          id="my-ads"
          title="My ads"
          count={ads.length}
          empty={
            <>
              You have no trade ads.{' '}
              <Link to="/trading/new" className="text-accent underline">
                Post an ad
              </Link>
            </>
          }
        >
          <ul className="mt-4 grid gap-4 lg:grid-cols-2">
            {ads.map((ad) => (
              <MyAd key={ad.id} ad={ad} />
            ))}
          </ul>
        </Section>
        <Section
          id="sent"
          title="Offers I sent"
          count={sent.length}
          empty={
            <>
              You have made no offers.{' '}
              <Link to="/trading" className="text-accent underline">
                Browse trade ads
              </Link>
            </>
          }
        >
          <ul className="mt-4 grid gap-3 lg:grid-cols-2">
            {sent.map((offer) => (
              <OfferRow key={offer.id} offer={offer} viewer="offerer" />
            ))}
          </ul>
        </Section>
        <Section
          id="received"
          title="Offers I received"
          count={received.length}
          empty="No offers on your ads yet."
        >
          <ul className="mt-4 grid gap-3 lg:grid-cols-2">
            {received.map((offer) => (
              <OfferRow key={offer.id} offer={offer} viewer="owner" />
            ))}
          </ul>
        </Section>
        <Slot slot={myTradesSections} />
      </div>
    </>
  )
}

/** /trading/mine — my ads (every status), the offers I sent and the offers I received. */
export function MyTradesPage() {
  const { me, isPending } = useMe()
  return (
    <Page title="My trades" lead="Your trade ads and the offers you sent and received." wide>
      {isPending ? (
        <Spinner />
      ) : me ? (
        <MyTrades />
      ) : (
        <SignInPrompt back="/trading/mine">Sign in to see your trade ads and offers.</SignInPrompt>
      )}
    </Page>
  )
}
