import { Fragment } from 'react'
import type { Game } from '@/features/catalog/contract'
import { valueSourcePhrase } from '@/features/catalog/labels'
import { formatDay, formatRelative } from '@/platform/web/lib/format'
import { useRenderNow } from '@/platform/web/lib/now'

/** "3 hours ago", its day on hover. */
export function Ago({ at, now }: { at: string; now: number }) {
  return (
    <time dateTime={at} title={formatDay(at)}>
      {formatRelative(at, now)}
    </time>
  )
}

/**
 * One muted line: when the game's values last changed and where from, then when each other source last
 * changed one ("Values last changed 3 hours ago · from the official price import; the value team 2 days
 * ago"). Nothing for a game without values. The time is the page's render time, so it hydrates as the
 * server wrote it.
 */
export function ValuesFreshness({
  game,
  className = '',
}: {
  game: Pick<Game, 'valuedCount' | 'lastValueChangeAt' | 'valueSources'>
  className?: string
}) {
  const now = useRenderNow()
  const [latest, ...others] = game.valueSources
  const at = latest?.lastAt ?? game.lastValueChangeAt
  if (game.valuedCount === 0 || !at) return null
  return (
    <p className={`text-muted text-xs ${className}`}>
      Values last changed <Ago at={at} now={now} />
      {latest && <> · from {valueSourcePhrase(latest.source)}</>}
      {others.map((s) => (
        <Fragment key={s.source}>
          ; {valueSourcePhrase(s.source)} <Ago at={s.lastAt} now={now} />
        </Fragment>
      ))}
    </p>
  )
}
