import { Coins, Trash2 } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { amountLabel, amountUnit } from '@/features/catalog/amounts'
import type { Game, ItemSummary } from '@/features/catalog/contract'
import { defaultVariantOf } from '@/features/catalog/rules'
import {
  amountSlot,
  isAmountSlot,
  MAX_QUANTITY,
  MAX_SLOTS_PER_SIDE,
  readQuantity,
  type SideResult,
  type TradeSlot,
  takesModifiers,
  unitValue,
} from '@/features/catalog/wfl'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ValueText } from '@/platform/web/components/ui/value-text'
import { formatValueFull } from '@/shared/format-value'
import { CropModifierFields, FieldLabel, PetModifierFields } from './crop-modifiers'
import { ExactValue } from './exact-value'
import { ItemImage } from './item-image'
import { ItemPicker } from './item-picker'
import { variantKeys } from './variants'

/** "Permanent fruit (bought with Robux, …)" -> "Permanent fruit": variant labels fit a phone. */
const shortLabel = (label: string) => label.replace(/\s*\(.*$/, '')

/** What a corrected quantity box says (the box already shows the quantity counted). */
function quantityNote(read: NonNullable<ReturnType<typeof readQuantity>>): string | null {
  if (read.capped) return `Limited to ${MAX_QUANTITY}: at most ${MAX_QUANTITY} of one item per slot.`
  if (read.corrected) return `At least 1, in whole numbers: counted as ${read.quantity}.`
  return null
}

/** A typed amount's row: `700M Beli`, counted as that many value units, and its remove button. */
function AmountRow({ amount, game, onRemove }: { amount: number; game: Game; onRemove: () => void }) {
  const label = amountLabel(game.id, amount)
  return (
    <li className="flex items-center gap-2 rounded-xl border border-line bg-bg p-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent/10 text-accent">
        <Coins aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{label}</p>
        <p className="text-muted text-sm tabular-nums">
          counted as {formatValueFull(amount)} {amountUnit(game.id)}
        </p>
      </div>
      <button
        type="button"
        onClick={onRemove}
        className={`${buttonClass('ghost', 'sm')} size-10 shrink-0 px-0`}
        aria-label={`Remove ${label}`}
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </button>
    </li>
  )
}

function SlotRow({
  slot,
  item,
  game,
  modifiers,
  error,
  onChange,
  onRemove,
}: {
  slot: TradeSlot
  item: ItemSummary | undefined
  game: Game
  modifiers: boolean
  error: string | undefined
  onChange: (slot: TradeSlot) => void
  onRemove: () => void
}) {
  const id = useId()
  const [qty, setQty] = useState(String(slot.quantity))
  // A typed quantity out of range: the box shows the quantity the totals use, and says why.
  const [note, setNote] = useState<string | null>(null)
  useEffect(() => setQty(String(slot.quantity)), [slot.quantity])
  const name = item?.name ?? slot.itemId
  const value = item ? unitValue(item, slot) : null
  // The default variant (Physical fruit, Fly Ride, Normal) is the item's value: offered once, by its name.
  const defaultVariant = defaultVariantOf(game.id)
  const variants = variantKeys(item?.variants ?? null, game.variantLabels).filter(
    (key) => key !== defaultVariant,
  )
  const takes = item && modifiers ? takesModifiers(item) : { modifiers: false, weight: false, pet: false }
  // A crop with no trade value counts at its in-game sell value (the game's formula).
  const sellValue = takes.modifiers && !takes.pet && item?.value === null && value !== null
  return (
    <li className="rounded-xl border border-line bg-bg p-3">
      <div className="flex items-start justify-between gap-2">
        <ItemImage
          name={name}
          image={item?.image ?? null}
          rarity={item?.rarity ?? null}
          size="sm"
          className="mt-0.5"
        />
        <div className="min-w-0 flex-1">
          <Link
            to={`/values/${game.id}/${slot.itemId}`}
            className="block truncate font-semibold hover:underline"
          >
            {name}
          </Link>
          <p className={`text-sm tabular-nums ${value === null ? 'text-warn' : 'text-muted'}`}>
            {value === null ? (
              'no value yet: not counted'
            ) : (
              <>
                <ValueText value={value} /> each{sellValue && ' (in-game sell value)'}
              </>
            )}
            {item?.retired && <span className="text-warn"> · retired from the game</span>}
          </p>
        </div>
        <button
          type="button"
          onClick={onRemove}
          className={`${buttonClass('ghost', 'sm')} size-10 shrink-0 px-0`}
          aria-label={`Remove ${name}`}
        >
          <Trash2 aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div>
          <FieldLabel htmlFor={`${id}-qty`} shown="Quantity" rest={`of ${name}`} />
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            value={qty}
            aria-describedby={note ? `${id}-limit` : undefined}
            onChange={(e) => {
              const read = readQuantity(e.target.value)
              // Nothing typed yet (an emptied box): the totals keep the quantity until a number comes.
              if (!read) {
                setQty(e.target.value)
                setNote(null)
                return
              }
              setQty(String(read.quantity))
              setNote(quantityNote(read))
              if (read.quantity !== slot.quantity) onChange({ ...slot, quantity: read.quantity })
            }}
            onBlur={() => setQty(String(slot.quantity))}
            className="w-20 rounded-lg border border-line bg-surface px-2 py-1.5 text-sm tabular-nums"
          />
        </div>
        {variants.length > 0 && (
          <div className="min-w-0 flex-1">
            <FieldLabel htmlFor={`${id}-variant`} shown="Variant" rest={`of ${name}`} />
            <select
              id={`${id}-variant`}
              value={slot.variant === defaultVariant ? '' : (slot.variant ?? '')}
              onChange={(e) => onChange({ ...slot, variant: e.target.value || undefined })}
              className="w-full min-w-0 rounded-lg border border-line bg-surface px-2 py-1.5 text-sm"
            >
              <option value="">
                {shortLabel(
                  (defaultVariant !== undefined && game.variantLabels?.[defaultVariant]) || 'Default',
                )}
              </option>
              {variants.map((key) => (
                <option key={key} value={key}>
                  {shortLabel(game.variantLabels?.[key] ?? key)}
                </option>
              ))}
            </select>
          </div>
        )}
        {takes.pet && (
          <PetModifierFields
            name={name}
            modifiers={slot.modifiers ?? {}}
            onChange={(modifiers) => {
              const { modifiers: _old, ...rest } = slot
              onChange(Object.keys(modifiers).length > 0 ? { ...rest, modifiers } : rest)
            }}
          />
        )}
        {takes.modifiers && !takes.pet && (
          <CropModifierFields
            name={name}
            itemId={slot.itemId}
            modifiers={slot.modifiers ?? {}}
            weight={takes.weight}
            onChange={(modifiers) => {
              const { modifiers: _old, ...rest } = slot
              onChange(Object.keys(modifiers).length > 0 ? { ...rest, modifiers } : rest)
            }}
          />
        )}
      </div>
      <p id={`${id}-limit`} role="status" className="mt-1 text-warn text-xs empty:hidden">
        {note ?? ''}
      </p>
      {error && <p className="mt-1 text-danger text-sm">{error}</p>}
    </li>
  )
}

export interface SidePanelProps {
  /** The side's name, for the slots' keys. */
  side: string
  title: string
  slots: TradeSlot[]
  items: ReadonlyMap<string, ItemSummary>
  result: SideResult
  game: Game
  onChange: (slots: TradeSlot[]) => void
  /** An item picked, in the variant its search named (`nfr frost`). */
  onPick: (item: ItemSummary, variant?: string) => void
  /** Typed amounts (`700M`) become slots of the side (the calculator; not trade ads). */
  amounts?: boolean
  /** Items this side holds at most (the calculator's 12 by default). */
  max?: number
  /** Grow a Garden's mutations, weight and pet age (false: items, variants and quantities only). */
  modifiers?: boolean
  /** The server's refusal of the side as a whole, and of its slots (by position). */
  error?: string
  slotErrors?: Readonly<Record<number, string>>
}

/** One side of a trade being built: its items with quantity and variant, the picker to add one, its total. */
export function SidePanel({
  side,
  title,
  slots,
  items,
  result,
  game,
  onChange,
  onPick,
  amounts = false,
  max = MAX_SLOTS_PER_SIDE,
  modifiers = true,
  error,
  slotErrors,
}: SidePanelProps) {
  const headingId = useId()
  const errorId = useId()
  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col rounded-2xl border border-line bg-surface p-4"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="font-semibold text-lg">
          {title}
        </h2>
        <p className="text-right">
          <span className="sr-only">{title} total: </span>
          <ExactValue exact={result.exactTotal} className="font-bold text-xl tabular-nums" />
        </p>
      </div>
      <ul className="mt-3 space-y-2">
        {slots.map((slot, index) =>
          isAmountSlot(slot) ? (
            <AmountRow
              // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional; the same amount may appear twice
              key={`${side}-${index}`}
              amount={slot.amount}
              game={game}
              onRemove={() => onChange(slots.filter((_, i) => i !== index))}
            />
          ) : (
            <SlotRow
              // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional; the same item may appear twice
              key={`${side}-${index}`}
              slot={slot}
              item={items.get(slot.itemId)}
              game={game}
              modifiers={modifiers}
              error={slotErrors?.[index]}
              onChange={(next) => onChange(slots.map((s, i) => (i === index ? next : s)))}
              onRemove={() => onChange(slots.filter((_, i) => i !== index))}
            />
          ),
        )}
      </ul>
      <div className="mt-2">
        <ItemPicker
          game={game.id}
          label={amounts ? `Add an item or an amount to “${title}”` : `Add an item to “${title}”`}
          onPick={onPick}
          onAmount={amounts ? (amount) => onChange([...slots, amountSlot(amount)]) : undefined}
          variantLabels={game.variantLabels}
          placeholder={amounts ? 'Add item or amount (700M)' : undefined}
          disabled={slots.length >= max}
        />
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-danger text-sm">
          {error}
        </p>
      )}
    </section>
  )
}
