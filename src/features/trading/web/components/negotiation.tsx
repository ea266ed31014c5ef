import type { TradeOffer, TradeSlot } from '@/features/trading/contract'
import { ValueText } from '@/platform/web/components/ui/value-text'
import { VerdictBadge } from '@/platform/web/components/ui/verdict'
import { formatRelative } from '@/platform/web/lib/format'
import { type OfferRole, roundForViewer, roundTitle } from '../offer-view'

/** A side in a few words: "Kitsune, Dough ×2". */
export const slotNames = (slots: readonly TradeSlot[]) =>
  slots.map((s) => (s.quantity > 1 ? `${s.name} ×${s.quantity}` : s.name)).join(', ')

/**
 * An offer's negotiation for one of its traders, oldest first: each round's terms from their side (what
 * they give and get, with totals), who proposed it and when, and their verdict. The last is the current
 * terms (the accepted ones once accepted).
 */
export function Negotiation({ offer, role, label }: { offer: TradeOffer; role: OfferRole; label: string }) {
  const last = offer.rounds.length - 1
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {offer.rounds.map((round, index) => {
        const { gives, gets, verdict } = roundForViewer(round, role)
        const mine = role === 'offerer'
        return (
          <li key={round.round} className="rounded-lg border border-line bg-bg px-3 py-2 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-semibold">{roundTitle(round, role)}</span>
              <time dateTime={round.createdAt} className="text-muted text-xs">
                {formatRelative(round.createdAt)}
              </time>
              {index === last && offer.rounds.length > 1 && (
                <span className="text-muted text-xs">
                  {offer.status === 'pending' ? 'current terms' : 'final terms'}
                </span>
              )}
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              <dt className="text-muted">You give</dt>
              <dd className="[overflow-wrap:anywhere]">
                {slotNames(gives)} (
                <ValueText value={mine ? round.wfl.offering : round.wfl.requesting} />)
              </dd>
              <dt className="text-muted">You get</dt>
              <dd className="[overflow-wrap:anywhere]">
                {slotNames(gets)} (
                <ValueText value={mine ? round.wfl.requesting : round.wfl.offering} />)
              </dd>
            </dl>
            <p className="mt-1 flex items-center gap-2">
              <span className="text-muted">Your verdict:</span>
              <VerdictBadge verdict={verdict} />
            </p>
          </li>
        )
      })}
    </ol>
  )
}
