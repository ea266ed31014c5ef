import { ArrowDown, ArrowUp } from 'lucide-react'
import { Link } from 'react-router'
import type { ChangeEntry } from '@/features/value-ops/contract'
import { type EditableField, FIELD_LABELS, VALUE_SOURCE_LABELS } from '@/features/value-ops/rules'
import { formatRelative } from '@/platform/web/lib/format'
import { useRenderNow } from '@/platform/web/lib/now'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { GAME_NAMES } from '@/shared/games'

/** "+12%" / "−8%": the sign and the whole percent. */
export function percentText(percent: number): string {
  return percent > 0 ? `+${percent}%` : percent < 0 ? `−${Math.abs(percent)}%` : '0%'
}

/** Up or down, with its percent, coloured; nothing when the value did not move. */
export function ChangeBadge({ percent }: { percent: number | null }) {
  if (percent === null || percent === 0) return null
  const up = percent > 0
  const Arrow = up ? ArrowUp : ArrowDown
  return (
    <span className={`inline-flex items-center gap-0.5 font-medium ${up ? 'text-accent' : 'text-danger'}`}>
      <Arrow aria-hidden="true" className="size-3.5" />
      {percentText(percent)}
    </span>
  )
}

const fieldText = (field: string, value: unknown) =>
  value === null || value === undefined
    ? 'none'
    : field === 'retired'
      ? value
        ? 'retired'
        : 'in the game'
      : Array.isArray(value)
        ? value.join(', ') || 'none'
        : typeof value === 'number'
          ? formatValue(value)
          : String(value)

/** Who made a change, as the log credits it. */
function credit(change: ChangeEntry): string {
  if (change.source === 'official-rap') return 'official price import'
  if (change.suggestion)
    return `suggested by ${change.suggestion.by ? `@${change.suggestion.by}` : 'a trader'}${change.by ? `, approved by @${change.by}` : ''}`
  return change.by ? `@${change.by}` : (VALUE_SOURCE_LABELS[change.source] ?? change.source)
}

/** Entries of the change log: item, old → new with the percent, the other fields, why, who and when. */
export function ChangeList({ changes, showGame = true }: { changes: ChangeEntry[]; showGame?: boolean }) {
  const now = useRenderNow()
  return (
    <ol className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {changes.map((c) => {
        const valueMoved = c.oldValue !== c.newValue
        const fields = Object.entries(c.fields ?? {})
        return (
          <li key={c.id} className="px-4 py-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="min-w-0">
                <Link
                  to={`/values/${c.gameId}/${c.itemId}`}
                  className="inline-flex min-h-6 items-center font-semibold hover:text-accent"
                >
                  {c.itemName}
                </Link>
                {showGame && <span className="text-muted"> · {GAME_NAMES[c.gameId]}</span>}
              </p>
              <time dateTime={c.at} title={new Date(c.at).toUTCString()} className="text-muted text-xs">
                {formatRelative(c.at, now)}
              </time>
            </div>
            {valueMoved && (
              <p className="mt-1 flex flex-wrap items-center gap-x-2 tabular-nums">
                <span title={formatValueFull(c.oldValue)}>{formatValue(c.oldValue)}</span>
                <span aria-hidden="true">→</span>
                <span className="sr-only">to</span>
                <span title={formatValueFull(c.newValue)} className="font-semibold">
                  {formatValue(c.newValue)}
                </span>
                <ChangeBadge percent={c.percent} />
              </p>
            )}
            {fields.length > 0 && (
              <ul className="mt-1 text-muted">
                {fields.map(([field, { old, new: next }]) => (
                  <li key={field}>
                    {FIELD_LABELS[field as EditableField] ?? (field === 'retired' ? 'Status' : field)}:{' '}
                    {fieldText(field, old)} → <span className="text-ink">{fieldText(field, next)}</span>
                  </li>
                ))}
              </ul>
            )}
            {c.reason && <p className="mt-1">“{c.reason}”</p>}
            <p className="mt-1 text-muted text-xs">{credit(c)}</p>
          </li>
        )
      })}
    </ol>
  )
}
