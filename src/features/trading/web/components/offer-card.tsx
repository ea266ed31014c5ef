import { useMutation } from '@tanstack/react-query'
import { ChevronDown, MessageSquare } from 'lucide-react'
import { Suspense, useId, useState } from 'react'
import type { TradeOffer } from '@/features/trading/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ConfirmInPlace } from '@/platform/web/components/ui/confirm'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatRelative } from '@/platform/web/lib/format'
import { lazy } from '@/platform/web/lib/lazy'
import { Slot } from '@/platform/web/lib/slots'
import { toast } from '@/platform/web/lib/toast'
import { refreshTrading } from '../api'
import {
  canCounter,
  cancelRequestText,
  confirmationText,
  decisionDone,
  decisionLabel,
  type OfferRole,
  offerActions,
  otherTrader,
  turnText,
} from '../offer-view'
import { decideMutation, type OfferDecision } from '../offers-api'
import { offerAfterReview, offerReview } from '../slots'
import { Negotiation } from './negotiation'
import { StatusBadge } from './offer-status'
import { TradeSide } from './trade-side'
import { TradeVerdict } from './trade-verdict'
import { TraderChip } from './trader-chip'

/** The conversation's code loads when one is first opened. */
const Conversation = lazy(async () => ({ default: (await import('./conversation')).Conversation }))

/** The counter's form and the sides editor's code load when a trader starts one. */
const loadOfferForm = () => import('./offer-form')
const CounterForm = lazy(async () => ({ default: (await loadOfferForm()).CounterForm }))

/**
 * An offer on an ad as one of its two traders sees it: who made it, its current terms from the viewer's
 * side, the verdict for them, the note, the negotiation (each round's terms) and whose turn it is, its
 * status and confirmations, what they may do (a counter opens the sides editor on the current terms;
 * cancelling a pending offer asks first), and the conversation (`open`: shown; `onToggle` opens or
 * closes it).
 */
export function OfferCard({
  offer,
  viewer: role,
  open,
  onToggle,
}: {
  offer: TradeOffer
  /** Which of the two traders is looking. */
  viewer: OfferRole
  open: boolean
  onToggle: (open: boolean) => void
}) {
  const decide = useMutation(decideMutation())
  const headingId = useId()
  const conversationId = useId()
  const actions = offerActions(offer)
  const confirmation = confirmationText(offer, role)
  const cancelRequest = cancelRequestText(offer, role)
  const turn = turnText(offer, role)
  // The round a counter is being written to: the form is for those terms only. Once other terms come
  // (the counter was sent, or the other trader's arrived), it is gone, even if its own call's answer
  // never reached it.
  const [counteringRound, setCounteringRound] = useState<number | null>(null)
  const countering = counteringRound === offer.rounds.length
  const mine = role === 'offerer'
  const act = (decision: OfferDecision, settled?: () => void) =>
    decide.mutate(
      { offer, decision },
      {
        onSuccess: ({ offer: now }) => toast.success(decisionDone(decision, now)),
        onError: (error) => toast.error('Error', { description: error.message }),
        onSettled: settled,
      },
    )

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {mine ? (
          <h3 id={headingId} className="font-semibold">
            Your {offer.asRequested ? 'offer' : 'counter-offer'}
          </h3>
        ) : (
          <div className="flex min-w-0 flex-col gap-1">
            <h3 id={headingId} className="font-semibold">
              {offer.asRequested ? 'Offer' : 'Counter-offer'} from {offer.offerer.username}
            </h3>
            <TraderChip trader={offer.offerer} />
          </div>
        )}
        <div className="flex flex-col items-end gap-1">
          <StatusBadge status={offer.status} />
          <time dateTime={offer.createdAt} className="text-muted text-xs">
            {formatRelative(offer.createdAt)}
          </time>
        </div>
      </div>

      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {/* What the viewer gives first, as every round of the negotiation reads. */}
        <TradeSide
          game={offer.game}
          title="You give"
          slots={mine ? offer.offering : offer.requesting}
          total={mine ? offer.wfl.offering : offer.wfl.requesting}
        />
        <TradeSide
          game={offer.game}
          title="You get"
          slots={mine ? offer.requesting : offer.offering}
          total={mine ? offer.wfl.requesting : offer.wfl.offering}
        />
      </div>
      {offer.note && (
        <p className="mt-3 whitespace-pre-line break-words rounded-lg bg-bg px-3 py-2 text-sm">
          {offer.note}
        </p>
      )}
      {offer.rounds.length > 1 && (
        <div className="mt-3">
          <p className="font-semibold text-sm">Negotiation ({offer.rounds.length} rounds)</p>
          <div className="mt-2">
            <Negotiation
              offer={offer}
              role={role}
              label={`Negotiation with ${otherTrader(offer, role).username}`}
            />
          </div>
        </div>
      )}
      <div className="mt-3 border-line border-t pt-3">
        <TradeVerdict wfl={offer.wfl} viewpoint={mine ? 'author' : 'other'} label="Your verdict" />
        {turn && (
          <p className="mt-2 font-medium text-sm" role="status">
            {turn}
          </p>
        )}
        {confirmation && (
          <p className="mt-2 text-sm" role={offer.status === 'accepted' ? 'status' : undefined}>
            {confirmation}
          </p>
        )}
        {cancelRequest && (
          <p className="mt-2 text-sm" role="status">
            {cancelRequest}
          </p>
        )}
        <Slot slot={offerReview} offer={offer} role={role} onReviewed={refreshTrading} />
        <Slot slot={offerAfterReview} offer={offer} />
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        {actions.map((decision) =>
          decision === 'cancel' && offer.status === 'pending' ? (
            // Cancelling a pending offer ends the negotiation: it asks first.
            <ConfirmInPlace
              key={decision}
              question="Cancel this offer?"
              confirmLabel="Yes, cancel"
              keepLabel="Keep it"
              disabled={decide.isPending}
              onConfirm={(done) => act(decision, done)}
            >
              {decisionLabel(decision, offer)}
            </ConfirmInPlace>
          ) : (
            <button
              key={decision}
              type="button"
              disabled={decide.isPending}
              onClick={() => act(decision)}
              className={buttonClass(
                decision === 'accept' || decision === 'complete' ? 'primary' : 'secondary',
                'sm',
              )}
            >
              {decisionLabel(decision, offer)}
            </button>
          ),
        )}
        {canCounter(offer) && !countering && (
          <button
            type="button"
            onPointerEnter={loadOfferForm}
            onFocus={loadOfferForm}
            onClick={() => setCounteringRound(offer.rounds.length)}
            className={buttonClass('secondary', 'sm')}
          >
            Counter
          </button>
        )}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? conversationId : undefined}
          onClick={() => onToggle(!open)}
          className={`${buttonClass('ghost', 'sm')} ml-auto`}
        >
          <MessageSquare aria-hidden="true" className="size-4" />
          {open ? 'Hide conversation' : `Conversation (${offer.messages})`}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </div>
      {countering && canCounter(offer) && (
        <Suspense fallback={<Spinner label="Loading the items" />}>
          <CounterForm offer={offer} role={role} onDone={() => setCounteringRound(null)} />
        </Suspense>
      )}
      {open && (
        <div id={conversationId}>
          <Suspense fallback={<p className="mt-4 text-muted text-sm">Loading the conversation…</p>}>
            <Conversation offerId={offer.id} me={role} others={[otherTrader(offer, role)]} />
          </Suspense>
        </div>
      )}
    </article>
  )
}
