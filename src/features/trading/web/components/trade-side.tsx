import { Link } from 'react-router'
import { ItemImage } from '@/features/catalog/web/public'
import type { TradeSlot } from '@/features/trading/contract'
import { ValueText } from '@/platform/web/components/ui/value-text'
import type { GameId } from '@/shared/games'

/** "neon-fly-ride" → "Neon Fly Ride": a variant (or an item id) in words. */
export const labelOfKey = (variant: string) =>
  variant
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')

/** One side of an ad or an offer: each item with its image, variant, quantity and value, then the total. */
export function TradeSide({
  game,
  title,
  slots,
  total,
  empty = 'No items',
  compact = false,
}: {
  game: GameId
  /** "Has", "Wants", "You give"… */
  title: string
  slots: readonly TradeSlot[]
  /** The side's total as the server counted it (the ad's `wfl`). */
  total: number
  empty?: string
  compact?: boolean
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
        <ul className={`mt-1 ${compact ? 'space-y-1' : 'space-y-1.5'}`}>
          {slots.map((slot, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional; the same item may appear twice
            <li key={index} className="flex items-center gap-2">
              <ItemImage name={slot.name} image={slot.image} rarity={null} size={compact ? 'xs' : 'sm'} />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/values/${game}/${slot.item}`}
                  className="inline-flex min-h-6 max-w-full items-center font-medium text-sm hover:underline"
                >
                  <span className="truncate">{slot.name}</span>
                  {slot.quantity > 1 && (
                    <span className="ml-1 shrink-0 text-muted tabular-nums">×{slot.quantity}</span>
                  )}
                </Link>
                {(slot.variant || slot.retired || !compact) && (
                  <p className="truncate text-muted text-xs">
                    {slot.variant && <span>{labelOfKey(slot.variant)}</span>}
                    {slot.variant && slot.retired && ' · '}
                    {slot.retired && <span className="text-warn">Retired</span>}
                    {!compact && (slot.variant || slot.retired) && ' · '}
                    {!compact &&
                      (slot.value === null ? (
                        'no value yet'
                      ) : (
                        <>
                          <ValueText value={slot.value} /> each
                        </>
                      ))}
                  </p>
                )}
              </div>
              {compact && (
                <span className="shrink-0 text-muted text-xs tabular-nums">
                  {slot.value === null ? '—' : <ValueText value={slot.value * slot.quantity} />}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
