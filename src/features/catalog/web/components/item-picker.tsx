import { Coins, Plus } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { amountUnit, formatAmount, readAmount } from '@/features/catalog/amounts'
import type { ItemSummary } from '@/features/catalog/contract'
import { defaultVariantOf } from '@/features/catalog/rules'
import { matchItem, normalizeSearch } from '@/features/catalog/search'
import { formatValue } from '@/shared/format-value'
import { useItemList } from '../api'
import { ItemImage } from './item-image'

const SHOWN = 8

/** An option of the list: a typed amount, or an item (in the variant the search named: `nfr frost`). */
type Option = { amount: number } | { item: ItemSummary; variant?: string }

/** The variant a search names for an item (`nfr frost`: Neon Fly Ride), none for the game's default. */
function searchedVariant(game: string, item: ItemSummary, search: string): string | undefined {
  const variant = matchItem(
    game,
    [normalizeSearch(item.name)],
    Object.keys(item.variants ?? {}),
    normalizeSearch(search),
  )?.variant
  return variant === defaultVariantOf(game) ? undefined : variant
}

/**
 * "Add item": a combobox that searches the game's items (ARIA combobox with a listbox; arrows move,
 * Enter adds, Escape closes). `categories` keeps to items of those catalog categories. A search naming
 * a variant (`nfr frost`, `perm dough`) adds the item in that variant. With `onAmount`, a typed amount
 * (`700M`, `1.5k`) is offered first as "Add 700M Beli", in the game's unit.
 */
export function ItemPicker({
  game,
  label,
  onPick,
  onAmount,
  variantLabels,
  disabled,
  categories,
  placeholder = 'Add item: type to search',
}: {
  game: string
  label: string
  onPick: (item: ItemSummary, variant?: string) => void
  /** Offers a typed amount as a slot of its own. */
  onAmount?: (amount: number) => void
  /** The game's variant labels, to name the variant a search picks. */
  variantLabels?: Readonly<Record<string, string>> | null
  disabled?: boolean
  categories?: readonly string[]
  placeholder?: string
}) {
  const [text, setText] = useState('')
  const [search, setSearch] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const id = useId()
  // Closing on blur waits for a click on an option; coming back to the input cancels it.
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 200)
    return () => clearTimeout(timer)
  }, [text])
  // One category is filtered by the server; several by the page, from a longer list.
  const single = categories?.length === 1 ? categories[0] : undefined
  const results = useItemList(
    { game, search, category: single, pageSize: categories && !single ? SHOWN * 3 : SHOWN },
    search.length > 0,
  )
  const unit = amountUnit(game)
  const typed = onAmount ? readAmount(text, unit) : null
  const items: Option[] = search
    ? (results.data?.items ?? [])
        .filter((item) => !categories || (item.category !== null && categories.includes(item.category)))
        .slice(0, SHOWN)
        .map((item) => ({ item, variant: searchedVariant(game, item, search) }))
    : []
  const options: Option[] = typed?.ok ? [{ amount: typed.amount }, ...items] : items
  const expanded = open && options.length > 0

  const pick = (option: Option) => {
    if ('amount' in option) onAmount?.(option.amount)
    else onPick(option.item, option.variant)
    setText('')
    setSearch('')
    setOpen(false)
    setActive(0)
  }

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="sr-only">
        {label}
      </label>
      <div className="flex items-center gap-2 rounded-lg border border-line border-dashed bg-bg px-3 focus-within:border-accent">
        <Plus aria-hidden="true" className="size-4 shrink-0 text-muted" />
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? `${id}-opt-${active}` : undefined}
          disabled={disabled}
          value={text}
          placeholder={disabled ? 'This side is full' : placeholder}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value)
            setOpen(true)
            setActive(0)
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current)
            setOpen(true)
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setOpen(false), 150)
          }}
          onKeyDown={(e) => {
            if (!expanded) return
            if (e.key === 'ArrowDown') {
              e.preventDefault()
              setActive((active + 1) % options.length)
            } else if (e.key === 'ArrowUp') {
              e.preventDefault()
              setActive((active - 1 + options.length) % options.length)
            } else if (e.key === 'Enter') {
              e.preventDefault()
              const option = options[active]
              if (option) pick(option)
            } else if (e.key === 'Escape') {
              setOpen(false)
            }
          }}
          className="min-w-0 flex-1 bg-transparent py-2.5 text-ink text-sm placeholder:text-muted/80 focus:outline-none"
        />
      </div>
      {/* The listbox of the ARIA combobox pattern: focus stays in the input, options are pointed at by aria-activedescendant. */}
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={`${label}: results`}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-xl border border-line bg-surface p-1 shadow-black/40 shadow-xl"
      >
        {options.map((option, i) => {
          const variant = 'item' in option ? option.variant : undefined
          const value =
            'item' in option
              ? variant === undefined
                ? option.item.value
                : (option.item.variants?.[variant] ?? null)
              : option.amount
          return (
            // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant, not focus
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys (arrows, Enter, Escape)
            <div
              key={'item' in option ? option.item.id : 'amount'}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(option)}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm aria-selected:bg-surface-2"
            >
              {'item' in option ? (
                <>
                  <ItemImage
                    name={option.item.name}
                    image={option.item.image}
                    rarity={option.item.rarity}
                    size="xs"
                  />
                  <span className="min-w-0 flex-1 truncate">
                    {option.item.name}
                    {variant !== undefined && (
                      <span className="text-muted"> · {variantLabels?.[variant] ?? variant}</span>
                    )}
                  </span>
                  <span className={value === null ? 'text-muted' : 'tabular-nums'}>{formatValue(value)}</span>
                </>
              ) : (
                <>
                  <Coins aria-hidden="true" className="size-6 shrink-0 text-accent" />
                  <span className="min-w-0 flex-1 truncate font-medium">
                    Add {formatAmount(option.amount)} {unit}
                  </span>
                </>
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}
