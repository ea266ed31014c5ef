import { useMutation } from '@tanstack/react-query'
import type { TradeOffer } from '@/features/trading/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { toast } from '@/platform/web/lib/toast'
import {
  cancelRequestText,
  decisionDone,
  decisionLabel,
  type OfferRole,
  offerActions,
  otherTrader,
  turnText,
} from '../offer-view'
import { decideMutation } from '../offers-api'
import { Negotiation } from './negotiation'

/**
 * Where an offer stands in "My trades", as its page says it: whose turn it is and the negotiation's
 * rounds (a pending offer countered), or an accepted trade's request to cancel with "Ask to cancel" /
 * "Agree to cancel" (the offer's page has the rest: accept, counter, confirm).
 */
export function OfferRowStatus({ offer, role }: { offer: TradeOffer; role: OfferRole }) {
  const decide = useMutation(decideMutation())
  const turn = turnText(offer, role)
  const cancelRequest = cancelRequestText(offer, role)
  const canAskToCancel = offer.status === 'accepted' && offerActions(offer).includes('cancel')
  const other = otherTrader(offer, role).username
  return (
    <>
      {turn && <p className="mt-2 font-medium text-sm">{turn}</p>}
      {offer.rounds.length > 1 && (
        <details className="mt-2 text-sm">
          <summary className="inline-flex min-h-6 cursor-pointer items-center">
            Negotiation ({offer.rounds.length} rounds)
          </summary>
          <div className="mt-2">
            <Negotiation offer={offer} role={role} label={`Negotiation with ${other}`} />
          </div>
        </details>
      )}
      {cancelRequest && <p className="mt-2 text-sm">{cancelRequest}</p>}
      {canAskToCancel && (
        <div className="mt-2">
          <button
            type="button"
            disabled={decide.isPending}
            onClick={() =>
              decide.mutate(
                { offer, decision: 'cancel' },
                {
                  onSuccess: ({ offer: now }) => toast.success(decisionDone('cancel', now)),
                  onError: (error) => toast.error('Error', { description: error.message }),
                },
              )
            }
            className={buttonClass('secondary', 'sm')}
          >
            {decisionLabel('cancel', offer)}
            <span className="sr-only"> with {other}</span>
          </button>
        </div>
      )}
    </>
  )
}
