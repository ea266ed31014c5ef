import { useMutation } from '@tanstack/react-query'
import { ChevronDown, MessageSquare } from 'lucide-react'
import { Suspense, useId } from 'react'
import type { TradeOffer } from '@/features/trading/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { formatRelative } from '@/platform/web/lib/format'
import { lazy } from '@/platform/web/lib/lazy'
import { Slot } from '@/platform/web/lib/slots'
import { toast } from '@/platform/web/lib/toast'
import { refreshTrading } from '../api'
import {
  cancelRequestText,
  confirmationText,
  decisionDone,
  decisionLabel,
  type OfferRole,
  offerActions,
  otherTrader,
} from '../offer-view'
import { decideMutation, type OfferDecision } from '../offers-api'
import { offerAfterReview, offerReview } from '../slots'
import { StatusBadge } from './offer-status'
import { TradeSide } from './trade-side'
import { TradeVerdict } from './trade-verdict'
import { TraderChip } from './trader-chip'

/** The conversation's code loads when one is first opened. */
const Conversation = lazy(async () => ({ default: (await import('./conversation')).Conversation }))

/** The official middleman of an accepted or completed trade loads only for those offers. */

/**
 * An offer on an ad as one of its two traders sees it: who made it, both sides from the viewer's side,
 * the verdict for them, the note, its status and confirmations, what they may do, and the conversation
 * (`open`: shown; `onToggle` opens or closes it).
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
  const mine = role === 'offerer'
  const act = (decision: OfferDecision) =>
    decide.mutate(
      { offer, decision },
      {
        onSuccess: ({ offer: now }) => toast.success(decisionDone(decision, now)),
        onError: (error) => toast.error('Error', { description: error.message }),
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
        <TradeSide
          game={offer.game}
          title={mine ? 'You give' : 'You get'}
          slots={offer.offering}
          total={offer.wfl.offering}
        />
        <TradeSide
          game={offer.game}
          title={mine ? 'You get' : 'You give'}
          slots={offer.requesting}
          total={offer.wfl.requesting}
        />
      </div>
      {offer.note && (
        <p className="mt-3 whitespace-pre-line break-words rounded-lg bg-bg px-3 py-2 text-sm">
          {offer.note}
        </p>
      )}
      <div className="mt-3 border-line border-t pt-3">
        <TradeVerdict wfl={offer.wfl} viewpoint={mine ? 'author' : 'other'} label="Your verdict" />
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
        {actions.map((decision) => (
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
        ))}
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
