import { Fragment } from 'react'
import type { Game } from '@/features/catalog/contract'
import { valueSourcePhrase } from '@/features/catalog/labels'
import { formatDay, formatRelative } from '@/platform/web/lib/format'
import { useRenderNow } from '@/platform/web/lib/now'

/**
 * "3 hours ago", its day on hover. It reads the time itself: when the browser's minute is not the one
 * the server rendered the page in, only this text renders again, not the page around it.
 */
export function Ago({ at }: { at: string }) {
  const now = useRenderNow()
  return (
    <time dateTime={at} title={formatDay(at)}>
      {formatRelative(at, now)}
    </time>
  )
}

/**
 * One muted line: when the game's values last changed and where from, then when each other source last
 * changed one ("Values last changed 3 hours ago · from the official price import; the value team 2 days
 * ago"). Nothing for a game without values.
 */
export function ValuesFreshness({
  game,
  className = '',
}: {
  game: Pick<Game, 'valuedCount' | 'lastValueChangeAt' | 'valueSources'>
  className?: string
}) {
  const [latest, ...others] = game.valueSources
  const at = latest?.lastAt ?? game.lastValueChangeAt
  if (game.valuedCount === 0 || !at) return null
  return (
    <p className={`text-muted text-xs ${className}`}>
      Values last changed <Ago at={at} />
      {latest && <> · from {valueSourcePhrase(latest.source)}</>}
      {others.map((s) => (
        <Fragment key={s.source}>
          ; {valueSourcePhrase(s.source)} <Ago at={s.lastAt} />
        </Fragment>
      ))}
    </p>
  )
}
