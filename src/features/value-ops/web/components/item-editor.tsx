import { type FormEvent, useId, useState } from 'react'
import type { Game, Item } from '@/features/catalog/contract'
import { defaultVariantOf, TRENDS } from '@/features/catalog/rules'
import { type ItemEditRequest, itemEditRequestSchema, VALUE_LIMITS } from '@/features/value-ops/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { formatValueInput, parseValue, VALUE_NOTATION_HINT } from '@/shared/format-value'
import { useEditItem, useRetireItem, useUploadImage } from '../api'

const inputClass =
  'mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-ink placeholder:text-muted/70 aria-invalid:border-danger'

const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))
/** A number field's text as the API takes it: empty is none. */
const parseNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()))
const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim())
/**
 * A value field's text as the API takes it: empty is none; text the shared parser reads as the same
 * number is no change (undefined); anything else is sent as typed, for the shared schema to read or refuse.
 */
const amountOf = (text: string, now: number | null | undefined): string | null | undefined => {
  if (text.trim() === '') return now === null || now === undefined ? undefined : null
  const parsed = parseValue(text)
  return parsed.ok && parsed.value === now ? undefined : text
}

interface Draft {
  value: string
  demand: string
  trend: string
  category: string
  rarity: string
  inGamePrice: string
  robuxPrice: string
  notes: string
  aliases: string
  variants: Record<string, string>
}
/** Errors by field: `value`, `variants.permanent`, `reason`, … (the API's `fields` use the same keys). */
type Errors = Record<string, string>
const FIELD_KEYS = ['value', 'demand', 'category', 'rarity', 'inGamePrice', 'robuxPrice', 'notes', 'reason']
/** Whether the form shows an error of this key under a field. */
const isFieldKey = (key: string) => FIELD_KEYS.includes(key) || /^(variants|aliases)(\.|$)/.test(key)

const draftOf = (item: Item, variantKeys: string[]): Draft => ({
  value: formatValueInput(item.value),
  demand: numberText(item.demand),
  trend: item.trend ?? '',
  category: item.category ?? '',
  rarity: item.rarity ?? '',
  inGamePrice: formatValueInput(item.inGamePrice),
  robuxPrice: formatValueInput(item.robuxPrice),
  notes: item.notes ?? '',
  aliases: item.aliases.join(', '),
  variants: Object.fromEntries(variantKeys.map((k) => [k, formatValueInput(item.variants?.[k])])),
})

/** The fields the draft changes, as the API's PATCH takes them (only what differs is sent). */
function changesOf(item: Item, draft: Draft, variantKeys: string[]): Omit<ItemEditRequest, 'reason'> {
  const changes: Record<string, unknown> = {}
  for (const key of ['value', 'inGamePrice', 'robuxPrice'] as const) {
    const next = amountOf(draft[key], item[key])
    if (next !== undefined) changes[key] = next
  }
  // The other variants; the default one is the value (one number, one field).
  const variants = variantKeys.map((k) => [k, amountOf(draft.variants[k] ?? '', item.variants?.[k])] as const)
  if (variants.some(([, next]) => next !== undefined))
    changes.variants = Object.fromEntries(
      variants.map(([k, next]) => [k, next === undefined ? (item.variants?.[k] ?? null) : next]),
    )
  const next = {
    demand: parseNumber(draft.demand),
    trend: textOrNull(draft.trend),
    category: textOrNull(draft.category),
    rarity: textOrNull(draft.rarity),
    notes: textOrNull(draft.notes),
    aliases: draft.aliases
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  }
  for (const [key, value] of Object.entries(next))
    if (JSON.stringify(value) !== JSON.stringify(item[key as keyof Item] ?? (key === 'aliases' ? [] : null)))
      changes[key] = value
  return changes as Omit<ItemEditRequest, 'reason'>
}

/**
 * The value team's panel on an item page: change its fields with a reason (one change record per
 * save), upload its image, retire or restore it. Shown to editors of the game; the server decides.
 * The item's value is its default variant's value (Physical fruit): one field.
 */
export function ItemEditor({ game, item }: { game: Game; item: Item }) {
  const defaultVariant = defaultVariantOf(game.id)
  const variantKeys = Object.keys({ ...game.variantLabels, ...item.variants }).filter(
    (k) => k !== defaultVariant,
  )
  const defaultLabel = defaultVariant && game.variantLabels?.[defaultVariant]
  const [draft, setDraft] = useState(() => draftOf(item, variantKeys))
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const edit = useEditItem(game.id, item.id)
  const id = useId()
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }))

  const save = (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const parsed = itemEditRequestSchema.safeParse({ ...changesOf(item, draft, variantKeys), reason })
    if (!parsed.success) {
      const found: Errors = {}
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message
      setErrors(found)
      // A problem of no one field ("Change at least one field") is the form's.
      const other = Object.entries(found).find(([key]) => !isFieldKey(key))
      if (other) setFailure(other[1])
      return
    }
    setErrors({})
    edit.mutate(parsed.data, {
      onSuccess: ({ changed }) => {
        toast.success(changed ? 'Saved' : 'Nothing changed')
        setReason('')
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? (err.fields ?? {}) : {}
        setErrors(fields)
        // A field's problem shows under its field; the form says the rest.
        if (!Object.keys(fields).some(isFieldKey))
          setFailure(err instanceof ApiError ? err.message : 'Could not save. Please try again.')
      },
    })
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 rounded-2xl border border-accent/40 bg-surface p-4 sm:p-6"
    >
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        Edit this item
      </h2>
      <p className="mt-1 text-muted text-sm">
        Each save is one entry of the public change log, with your username and your reason.
      </p>
      <form onSubmit={save} className="mt-4 grid gap-3 sm:grid-cols-3" noValidate>
        <Field
          label={defaultLabel ? `Value (${defaultLabel})` : 'Value'}
          hint={VALUE_NOTATION_HINT}
          autoComplete="off"
          value={draft.value}
          onChange={set('value')}
          error={errors.value}
        />
        <Field
          label="Demand (0-10)"
          inputMode="decimal"
          value={draft.demand}
          onChange={set('demand')}
          error={errors.demand}
        />
        <div>
          <label htmlFor={`${id}-trend`} className="font-medium text-sm">
            Trend
          </label>
          <select id={`${id}-trend`} className={inputClass} value={draft.trend} onChange={set('trend')}>
            <option value="">No trend</option>
            {TRENDS.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <Field label="Category" value={draft.category} onChange={set('category')} error={errors.category} />
        <Field label="Rarity" value={draft.rarity} onChange={set('rarity')} error={errors.rarity} />
        <Field
          label={`Price in ${game.currency}`}
          autoComplete="off"
          value={draft.inGamePrice}
          onChange={set('inGamePrice')}
          error={errors.inGamePrice}
        />
        <Field
          label="Price in Robux"
          autoComplete="off"
          value={draft.robuxPrice}
          onChange={set('robuxPrice')}
          error={errors.robuxPrice}
        />
        {variantKeys.map((key) => (
          <Field
            key={key}
            label={`${game.variantLabels?.[key] ?? key} value`}
            autoComplete="off"
            value={draft.variants[key] ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, variants: { ...d.variants, [key]: e.target.value } }))}
            error={errors[`variants.${key}`] ?? (key === variantKeys[0] ? errors.variants : undefined)}
          />
        ))}
        <Field
          label="Other names"
          hint="Former names search knows, separated by commas"
          value={draft.aliases}
          onChange={set('aliases')}
          error={errors.aliases ?? Object.entries(errors).find(([k]) => k.startsWith('aliases.'))?.[1]}
          className="sm:col-span-2"
        />
        <TextAreaField
          label="Notes"
          rows={2}
          maxLength={VALUE_LIMITS.notesMax}
          value={draft.notes}
          onChange={set('notes')}
          error={errors.notes}
          className="sm:col-span-3"
        />
        <Field
          label="Reason for this change"
          required
          maxLength={VALUE_LIMITS.reasonMax}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          className="sm:col-span-2"
        />
        <div className="flex items-end">
          <button type="submit" className={buttonClass('primary')} disabled={edit.isPending}>
            {edit.isPending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
        {failure && (
          <div className="sm:col-span-3">
            <FormMessage kind="error">{failure}</FormMessage>
          </div>
        )}
      </form>
      <div className="mt-6 grid gap-6 border-line border-t pt-4 sm:grid-cols-2">
        <ImageUpload game={game.id} item={item} />
        <Retire game={game.id} item={item} />
      </div>
    </section>
  )
}

function ImageUpload({ game, item }: { game: string; item: Item }) {
  const upload = useUploadImage(game, item.id)
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="font-medium text-sm">
        Image (PNG, JPEG or WebP, up to 2 MB)
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-surface-2 file:px-3 file:py-2 file:text-ink"
        disabled={upload.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (!file) return
          if (file.size > VALUE_LIMITS.imageMaxBytes) {
            toast.error('The image must be 2 MB or smaller')
            return
          }
          upload.mutate(file, {
            onSuccess: () => toast.success('Image uploaded'),
            onError: (err) =>
              toast.error(err instanceof ApiError ? err.message : 'Could not upload the image'),
          })
        }}
      />
      {upload.isPending && <p className="mt-1 text-muted text-sm">Uploading…</p>}
    </div>
  )
}

function Retire({ game, item }: { game: string; item: Item }) {
  const retire = useRetireItem(game, item.id)
  const [reason, setReason] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!reason.trim()) {
      toast.error('Give a reason for this change')
      return
    }
    retire.mutate(
      { retire: !item.retired, reason },
      {
        onSuccess: () => {
          toast.success(item.retired ? 'Item restored' : 'Item retired')
          setReason('')
        },
        onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Could not change the item'),
      },
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <Field
        label={item.retired ? 'Why restore it' : 'Why retire it'}
        value={reason}
        maxLength={VALUE_LIMITS.reasonMax}
        onChange={(e) => setReason(e.target.value)}
        className="min-w-0 flex-1"
      />
      <button type="submit" className={buttonClass('secondary')} disabled={retire.isPending}>
        {item.retired ? 'Restore item' : 'Retire item'}
      </button>
    </form>
  )
}
