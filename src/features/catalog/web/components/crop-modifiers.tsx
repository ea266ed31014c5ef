import { X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import {
  type CropModifiers,
  formatKg,
  GAG_CROPS,
  GAG_MUTATIONS,
  GAG_PET_MUTATIONS,
  GAG_VARIANTS,
  type GagVariant,
  isGagPetMutation,
  isGagVariant,
  MAX_AGE,
  MAX_KG,
  MIN_AGE,
  MIN_KG,
  normalizeModifiers,
  petModifiers,
  petMutationOf,
} from '@/features/catalog/gag-modifiers'

const MUTATION_OPTIONS = [...GAG_MUTATIONS.values()]
const fieldClass = 'rounded-lg border border-line bg-surface px-2 py-1.5 text-sm'
/** Every box's label is shown above it. */
const labelClass = 'block text-muted text-xs'

/**
 * A field's label: its short name, shown, and (in the calculator's rows, `name` given) the rest of its
 * name for screen readers ("Age" shows; "Age of Raccoon" is read).
 */
export function FieldLabel({ htmlFor, shown, rest }: { htmlFor: string; shown: string; rest?: string }) {
  return (
    <label htmlFor={htmlFor} className={labelClass}>
      {shown}
      {rest && <span className="sr-only">{` ${rest}`}</span>}
    </label>
  )
}

/** The modifiers as the game holds them, `{}` without any. */
function build(variant: GagVariant | undefined, mutations: string[], kg: number | undefined): CropModifiers {
  const next: CropModifiers = {}
  if (variant && variant !== 'normal') next.variant = variant
  if (mutations.length > 0) next.mutations = mutations
  if (kg !== undefined) next.kg = kg
  return next
}

/**
 * A Grow a Garden crop's variant (Normal, Silver, Gold, Rainbow, Diamond), mutations and weight in kg
 * (offered only where the crop's base weight is known). Mutations are kept as the game holds them:
 * Wet + Chilled becomes Frozen, and of two a fruit cannot hold together the one worth most stays.
 * Each box has a visible label; without `labels` (the calculator's row) its read name also holds the
 * item's name ("Weight of Carrot in kg").
 */
export function CropModifierFields({
  name,
  itemId,
  modifiers,
  weight,
  onChange,
  labels = false,
}: {
  name: string
  itemId: string
  modifiers: CropModifiers
  weight: boolean
  onChange: (modifiers: CropModifiers) => void
  labels?: boolean
}) {
  const id = useId()
  const mutations = modifiers.mutations ?? []
  const [note, setNote] = useState<string | null>(null)
  const [kgText, setKgText] = useState(modifiers.kg === undefined ? '' : formatKg(modifiers.kg))
  useEffect(() => setKgText(modifiers.kg === undefined ? '' : formatKg(modifiers.kg)), [modifiers.kg])
  const baseWeight = GAG_CROPS[itemId]?.baseWeight

  const addMutation = (key: string) => {
    const { mutations: next } = normalizeModifiers([...mutations, key])
    const added = GAG_MUTATIONS.get(key)?.label ?? key
    const names = (keys: string[]) => keys.map((k) => GAG_MUTATIONS.get(k)?.label ?? k).join(', ')
    const expected = [...new Set([...mutations, key])].sort()
    setNote(
      next.join() === expected.join()
        ? null
        : `With ${added} the crop holds ${names(next)}: mutations fuse or replace each other as in the game.`,
    )
    onChange(build(modifiers.variant, next, modifiers.kg))
  }

  return (
    <>
      <div>
        <FieldLabel htmlFor={`${id}-variant`} shown="Variant" rest={labels ? undefined : `of ${name}`} />
        <select
          id={`${id}-variant`}
          value={modifiers.variant ?? 'normal'}
          onChange={(e) => {
            const value = e.target.value
            if (isGagVariant(value)) onChange(build(value, mutations, modifiers.kg))
          }}
          className={fieldClass}
        >
          {Object.entries(GAG_VARIANTS).map(([key, v]) => (
            <option key={key} value={key}>
              {v.label} ×{v.multiplier}
            </option>
          ))}
        </select>
      </div>
      <div>
        <FieldLabel
          htmlFor={`${id}-mutation`}
          shown="Add a mutation"
          rest={labels ? undefined : `to ${name}`}
        />
        <select
          id={`${id}-mutation`}
          value=""
          onChange={(e) => e.target.value && addMutation(e.target.value)}
          className={`${fieldClass} max-w-48`}
        >
          <option value="">+ Mutation</option>
          {MUTATION_OPTIONS.filter((m) => !mutations.includes(m.key)).map((m) => (
            <option key={m.key} value={m.key}>
              {m.label} ×{m.multiplier}
            </option>
          ))}
        </select>
      </div>
      {weight && (
        <div>
          {labels ? (
            <FieldLabel htmlFor={`${id}-kg`} shown="Weight (kg)" />
          ) : (
            <label htmlFor={`${id}-kg`} className={labelClass}>
              Weight<span className="sr-only"> of {name} in kg</span>
            </label>
          )}
          <input
            id={`${id}-kg`}
            type="number"
            inputMode="decimal"
            min={MIN_KG}
            max={MAX_KG}
            step={0.01}
            value={kgText}
            placeholder={baseWeight === undefined ? '' : String(baseWeight)}
            onChange={(e) => {
              setKgText(e.target.value)
              const text = e.target.value.trim()
              if (text === '') return onChange(build(modifiers.variant, mutations, undefined))
              const typed = Number(text)
              // A weight counts once it is at least the smallest (the box is put back to it when left);
              // more than the largest or a third decimal is corrected in the box at once.
              if (!Number.isFinite(typed) || typed < MIN_KG) return
              const kg = Math.min(MAX_KG, Math.round(typed * 100) / 100)
              if (kg !== typed) setKgText(formatKg(kg))
              onChange(build(modifiers.variant, mutations, kg))
            }}
            onBlur={() => setKgText(modifiers.kg === undefined ? '' : formatKg(modifiers.kg))}
            className={`${fieldClass} w-28 tabular-nums`}
          />
          <span aria-hidden="true" className="ml-1.5 text-muted text-sm">
            kg
          </span>
        </div>
      )}
      {mutations.length > 0 && (
        <ul className="flex basis-full flex-wrap gap-1.5" aria-label={`Mutations of ${name}`}>
          {mutations.map((key) => {
            const m = GAG_MUTATIONS.get(key)
            return (
              <li
                key={key}
                className="inline-flex items-center rounded-full border border-accent/40 bg-accent/10 pl-2.5 text-sm"
              >
                {m?.label ?? key} ×{m?.multiplier ?? 1}
                <button
                  type="button"
                  onClick={() => {
                    setNote(null)
                    onChange(
                      build(
                        modifiers.variant,
                        mutations.filter((k) => k !== key),
                        modifiers.kg,
                      ),
                    )
                  }}
                  className="inline-flex size-7 items-center justify-center rounded-full hover:bg-surface-2"
                  aria-label={`Remove ${m?.label ?? key} from ${name}`}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <p role="status" className="basis-full text-muted text-xs empty:hidden">
        {note ?? ''}
      </p>
    </>
  )
}

/**
 * A Grow a Garden pet's mutation (one: Shiny … Ascended, with TradeHub's default multipliers) and its age
 * (1-100; the weight grows with it, ×(age + 10) / 11). Labels as for {@link CropModifierFields}.
 */
export function PetModifierFields({
  name,
  modifiers,
  onChange,
  labels = false,
}: {
  name: string
  modifiers: CropModifiers
  onChange: (modifiers: CropModifiers) => void
  labels?: boolean
}) {
  const id = useId()
  const mutation = petMutationOf(modifiers) ?? null
  const [ageText, setAgeText] = useState(modifiers.age === undefined ? '' : String(modifiers.age))
  useEffect(() => setAgeText(modifiers.age === undefined ? '' : String(modifiers.age)), [modifiers.age])
  return (
    <>
      <div>
        {labels ? (
          <FieldLabel htmlFor={`${id}-mutation`} shown="Pet mutation" />
        ) : (
          <FieldLabel htmlFor={`${id}-mutation`} shown="Mutation" rest={`of ${name}`} />
        )}
        <select
          id={`${id}-mutation`}
          value={mutation ?? ''}
          onChange={(e) => {
            const value = e.target.value
            onChange(petModifiers(isGagPetMutation(value) ? value : null, modifiers.age))
          }}
          className={fieldClass}
        >
          <option value="">No mutation ×1</option>
          {Object.entries(GAG_PET_MUTATIONS).map(([key, m]) => (
            <option key={key} value={key}>
              {m.label} ×{m.multiplier}
            </option>
          ))}
        </select>
      </div>
      <div>
        <FieldLabel htmlFor={`${id}-age`} shown="Age" rest={labels ? undefined : `of ${name}`} />
        <input
          id={`${id}-age`}
          type="number"
          inputMode="numeric"
          min={MIN_AGE}
          max={MAX_AGE}
          step={1}
          value={ageText}
          placeholder="1"
          onChange={(e) => {
            setAgeText(e.target.value)
            const text = e.target.value.trim()
            if (text === '') return onChange(petModifiers(mutation, undefined))
            const typed = Number(text)
            // An age counts once it is at least 1; more than the largest or a fraction is corrected at once.
            if (!Number.isFinite(typed) || typed < MIN_AGE) return
            const age = Math.min(MAX_AGE, Math.trunc(typed))
            if (age !== typed) setAgeText(String(age))
            onChange(petModifiers(mutation, age))
          }}
          onBlur={() => setAgeText(modifiers.age === undefined ? '' : String(modifiers.age))}
          className={`${fieldClass} w-20 tabular-nums`}
        />
      </div>
    </>
  )
}
