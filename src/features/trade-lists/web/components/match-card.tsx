import { useId } from 'react'
import { Link } from 'react-router'
import { ItemImage } from '@/features/catalog/web/public'
import type { TradeMatch } from '@/features/trade-lists/contract'
import type { TradeSlot } from '@/features/trading/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ValueText } from '@/platform/web/components/ui/value-text'
import { VerdictBadge } from '@/platform/web/components/ui/verdict'
import { GAME_NAMES } from '@/shared/games'

/** "neon-fly-ride" → "Neon Fly Ride": a variant in words. */
const variantLabel = (key: string) =>
  key
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')

/** One side of a match: each item with its image, quantity and value, and the side's total. */
function MatchSide({
  title,
  slots,
  total,
  empty,
}: {
  title: string
  slots: readonly TradeSlot[]
  total: number
  empty: string
}) {
  return (
    <section aria-label={title} className="min-w-0">
      <div className="flex items-baseline justify-between gap-2">
        <p className="font-semibold text-muted text-xs uppercase tracking-wide">{title}</p>
        {slots.length > 0 && (
          <p className="text-sm">
            <span className="sr-only">{title} total: </span>
            <ValueText value={total} className="font-bold tabular-nums" />
          </p>
        )}
      </div>
      {slots.length === 0 ? (
        <p className="mt-1 text-muted text-sm">{empty}</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {slots.map((slot, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional; the same item may appear twice
            <li key={index} className="flex min-w-0 items-center gap-2 text-sm">
              <ItemImage name={slot.name} image={slot.image} rarity={null} size="xs" />
              <span className="min-w-0 flex-1 truncate font-medium">
                {slot.name}
                {slot.variant && <span className="text-muted"> ({variantLabel(slot.variant)})</span>}
                {slot.quantity > 1 && <span className="text-muted tabular-nums"> ×{slot.quantity}</span>}
              </span>
              <span className="shrink-0 text-muted text-xs tabular-nums">
                {slot.value === null ? '—' : <ValueText value={slot.value * slot.quantity} />}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/**
 * An ad that matches my lists: who posted it, what I would get and give, my verdict (by the calculator's
 * rule) and a link to the ad, where I make the offer.
 */
export function MatchCard({
  match,
  headingLevel = 3,
  showGame = false,
}: {
  match: TradeMatch
  headingLevel?: 2 | 3
  showGame?: boolean
}) {
  const headingId = useId()
  const { ad, wfl } = match
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const href = `/trading/ad/${ad.id}`
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={headingId} className="min-w-0 font-semibold">
          <Link
            to={href}
            className="inline-flex min-h-6 items-center [overflow-wrap:anywhere] hover:underline"
          >
            {ad.owner.displayName ?? ad.owner.username}'s ad
            {showGame && ` · ${GAME_NAMES[ad.game]}`}
          </Link>
        </Heading>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">For you:</span>
          <VerdictBadge verdict={wfl.verdict} />
          {wfl.verdict && (
            <span className="text-muted tabular-nums">
              {wfl.difference >= 0 ? '+' : '−'}
              <ValueText value={Math.abs(wfl.difference)} /> ({wfl.percent >= 0 ? '+' : '−'}
              {Math.abs(wfl.percent).toFixed(1)}%)
            </span>
          )}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <MatchSide title="You get" slots={match.get} total={wfl.requesting} empty="Nothing" />
        <MatchSide
          title="You give"
          slots={match.give}
          total={wfl.offering}
          empty={match.any ? 'They take any offer' : 'Nothing'}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted text-xs">
          {match.wanted} {match.wanted === 1 ? 'item' : 'items'} you want
          {match.any && match.give.length === 0 ? ' · asks for any offer' : ''}
        </p>
        <Link to={href} className={buttonClass('secondary', 'sm')}>
          View ad<span className="sr-only"> of {ad.owner.username}</span>
        </Link>
      </div>
    </article>
  )
}
