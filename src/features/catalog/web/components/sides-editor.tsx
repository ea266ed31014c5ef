import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { ItemSummary } from '@/features/catalog/contract'
import {
  DEFAULT_FAIR_BAND,
  evaluateTrade,
  slotItemIds,
  type TradeResult,
  type TradeSlot,
} from '@/features/catalog/wfl'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Spinner } from '@/platform/web/components/ui/spinner'
import type { GameId } from '@/shared/games'
import { gamesQuery, itemsByIdQuery } from '../api'
import { SidePanel } from './side-panel'

type Side = 'give' | 'get'

/** The server's refusal of a side as a whole, and of its slots by position. */
export interface SideErrors {
  side?: string
  slots?: Readonly<Record<number, string>>
}

export interface SidesEditorProps {
  game: GameId
  /** What the trader gives and gets (prefilled slots are looked up in one request). */
  sides: Readonly<Record<Side, TradeSlot[]>>
  titles: Readonly<Record<Side, string>>
  onChange: (sides: Record<Side, TradeSlot[]>) => void
  /** Items each side holds at most (the calculator's 12 by default). */
  max?: Readonly<Record<Side, number>>
  /** Grow a Garden's mutations, weight and pet age (false: items, variants and quantities only). */
  modifiers?: boolean
  errors?: Readonly<Partial<Record<Side, SideErrors>>>
  /** Shown under the sides: the totals and verdict, by the calculator's rule with the default band. */
  children?: (result: TradeResult, loading: boolean) => ReactNode
}

/**
 * Both sides of a trade being built with the calculator's picker (a trade ad, a counter-offer): the
 * items with quantity and variant, each side's total, and the verdict given to `children`.
 */
export function SidesEditor({
  game: gameId,
  sides,
  titles,
  onChange,
  max,
  modifiers = true,
  errors,
  children,
}: SidesEditorProps) {
  const games = useQuery(gamesQuery)
  const [picked, setPicked] = useState(() => new Map<string, ItemSummary>())
  const missing = slotItemIds([...sides.give, ...sides.get])
    .filter((id) => !picked.has(id))
    .sort()
  const lookup = useQuery(itemsByIdQuery(gameId, missing))
  const known = new Map([...(lookup.data?.items.map((i) => [i.id, i] as const) ?? []), ...picked])
  const game = games.data?.games.find((g) => g.id === gameId)
  if (games.isPending) return <Spinner label="Loading the items" />
  if (!game)
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-danger/40 p-3 text-sm"
      >
        <p className="flex-1">The game's items could not be loaded. Check your connection.</p>
        <button type="button" onClick={() => games.refetch()} className={buttonClass('secondary', 'sm')}>
          Try again
        </button>
      </div>
    )
  const result = evaluateTrade(sides, known, { band: DEFAULT_FAIR_BAND, game: gameId })
  const loading = missing.length > 0 && lookup.isPending
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        {(['give', 'get'] as const).map((side) => (
          <SidePanel
            key={side}
            side={side}
            title={titles[side]}
            slots={sides[side]}
            items={known}
            result={result[side]}
            game={game}
            max={max?.[side]}
            modifiers={modifiers}
            error={errors?.[side]?.side}
            slotErrors={errors?.[side]?.slots}
            onChange={(slots) => onChange({ ...sides, [side]: slots })}
            onPick={(item, variant) => {
              setPicked((prev) => new Map(prev).set(item.id, item))
              const slot: TradeSlot = { itemId: item.id, quantity: 1, ...(variant ? { variant } : {}) }
              onChange({ ...sides, [side]: [...sides[side], slot] })
            }}
          />
        ))}
      </div>
      {children?.(result, loading)}
    </>
  )
}
