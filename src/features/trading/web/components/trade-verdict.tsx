import type { Verdict } from '@/features/catalog/wfl'
import type { TradeWfl } from '@/features/trading/contract'
import { ValueText } from '@/platform/web/components/ui/value-text'
import { VerdictBadge } from '@/platform/web/components/ui/verdict'

const MIRROR: Record<Verdict, Verdict> = { win: 'loss', fair: 'fair', loss: 'win' }

/** The other trader's verdict: the author's mirrored (win ↔ loss). */
export const mirrorVerdict = (verdict: Verdict | null): Verdict | null => (verdict ? MIRROR[verdict] : null)

/**
 * The verdict of a trade and the difference in value, for its author (`author`: they give `offering`
 * and get `requesting`) or for the other trader (`other`: the mirror).
 */
export function TradeVerdict({
  wfl,
  viewpoint,
  label,
}: {
  wfl: TradeWfl
  viewpoint: 'author' | 'other'
  /** "For you", "For the poster"… */
  label: string
}) {
  const verdict = viewpoint === 'author' ? wfl.verdict : mirrorVerdict(wfl.verdict)
  const sign = viewpoint === 'author' ? 1 : -1
  const difference = wfl.difference * sign
  const percent = wfl.percent * sign
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted">{label}:</span>
      <VerdictBadge verdict={verdict} />
      {verdict && (
        <span className="text-muted tabular-nums">
          {difference >= 0 ? '+' : '−'}
          <ValueText value={Math.abs(difference)} /> ({percent >= 0 ? '+' : '−'}
          {Math.abs(percent).toFixed(1)}%)
        </span>
      )}
    </p>
  )
}
