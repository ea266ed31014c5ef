import { type ReactNode, useState } from 'react'
import type { ItemDetailResponse } from '@/features/catalog/contract'
import {
  type CropModifiers,
  cropValue,
  describeModifiers,
  GAG_CROPS,
  modifierRatio,
  petRatio,
  petValue,
} from '@/features/catalog/gag-modifiers'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { CropModifierFields, PetModifierFields } from './crop-modifiers'

/*
 * The item page's Grow a Garden value tools: a module of their own, loaded only for a Grow a Garden crop
 * or pet (the other games' item pages never load the modifier tables).
 */

/**
 * The box of the item page that values a Grow a Garden crop or pet with modifiers the trader picks: the
 * rule's words, the fields, and the value they give.
 */
function ModifierTool({
  title,
  name,
  modifiers,
  value,
  note,
  rule,
  children,
}: {
  title: string
  name: string
  modifiers: CropModifiers
  value: number | null
  /** After the value: what it is relative to ("×4 its value", "in-game sell value (Sheckles)"). */
  note: string
  rule: ReactNode
  /** The fields. */
  children: ReactNode
}) {
  const shown = describeModifiers(modifiers)
  return (
    <section aria-labelledby="modifier-value" className="mt-8 rounded-2xl border border-line bg-surface p-4">
      <h2 id="modifier-value" className="font-semibold text-lg">
        {title}
      </h2>
      <p className="mt-1 text-muted text-sm">{rule}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">{children}</div>
      <p className="mt-3 text-sm" aria-live="polite">
        {name}
        {shown ? ` (${shown})` : ''}:{' '}
        {value === null ? (
          <span className="text-muted">no value yet</span>
        ) : (
          <>
            <strong className="text-lg tabular-nums" title={formatValueFull(value)}>
              {formatValue(value)}
            </strong>{' '}
            <span className="text-muted">{note}</span>
          </>
        )}
      </p>
    </section>
  )
}

/**
 * A Grow a Garden crop's value at a chosen variant, mutations and weight, with the rule the calculator
 * uses: its trade value times the game's ratio, or its in-game sell value when it has no trade value.
 */
export function CropValueTool({ item }: { item: ItemDetailResponse['item'] }) {
  const [modifiers, setModifiers] = useState<CropModifiers>({})
  const crop = GAG_CROPS[item.id]
  return (
    <ModifierTool
      title="Value at a weight and mutations"
      name={item.name}
      modifiers={modifiers}
      value={cropValue(item.id, item.value, modifiers)}
      note={
        item.value === null
          ? 'in-game sell value (Sheckles)'
          : `×${formatRatio(modifierRatio(item.id, modifiers))} its value`
      }
      rule={
        <>
          The variant multiplies; mutations add up (Shocked ×100 and Wet ×2 make ×101); the value grows with
          the square of the weight
          {crop
            ? ` above ${Math.round(crop.baseWeight * 950) / 1000} kg (base weight ${crop.baseWeight} kg)`
            : ''}
          .{crop ? '' : ' This crop’s base weight is not known, so its weight is not counted.'}
        </>
      }
    >
      <CropModifierFields
        name={item.name}
        itemId={item.id}
        modifiers={modifiers}
        weight={crop !== undefined}
        onChange={setModifiers}
        labels
      />
    </ModifierTool>
  )
}

/**
 * A Grow a Garden pet's value at a chosen mutation and age, with the rule the calculator uses: its trade
 * value times its mutation's multiplier and its weight growth since age 1.
 */
export function PetValueTool({ item }: { item: ItemDetailResponse['item'] }) {
  const [modifiers, setModifiers] = useState<CropModifiers>({})
  return (
    <ModifierTool
      title="Value at an age and mutation"
      name={item.name}
      modifiers={modifiers}
      value={petValue(item.value, modifiers)}
      note={`×${formatRatio(petRatio(modifiers))} its value`}
      rule="A pet's mutation multiplies its value (TradeHub's defaults, from ×1.1 for Shiny to ×5 for Ascended, rarer is higher); its weight grows with its age, ×(age + 10) / 11 of its age-1 weight up to ×10 at age 100, and its value with it."
    >
      <PetModifierFields name={item.name} modifiers={modifiers} onChange={setModifiers} labels />
    </ModifierTool>
  )
}

const formatRatio = (ratio: number) =>
  ratio >= 100 ? Math.round(ratio).toLocaleString('en-US') : String(Math.round(ratio * 100) / 100)
