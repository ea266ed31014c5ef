/** A trade's verdict: win, fair or loss (the catalog's WFL rule gives it). */
export type Verdict = 'win' | 'fair' | 'loss'

/** How a win, fair or loss verdict looks everywhere (the calculator, trade ads, offers). */
export const VERDICT_STYLE: Record<Verdict, { label: string; className: string }> = {
  win: { label: 'Win', className: 'border-accent/60 bg-accent/10 text-accent' },
  fair: { label: 'Fair', className: 'border-sky-400/50 bg-sky-400/10 text-sky-300' },
  loss: { label: 'Loss', className: 'border-danger/60 bg-danger/10 text-danger' },
}

/** A small verdict badge ("Win"); without a verdict (a side with no value), "No verdict". */
export function VerdictBadge({ verdict, className = '' }: { verdict: Verdict | null; className?: string }) {
  const style = verdict ? VERDICT_STYLE[verdict] : null
  return (
    <span
      className={`inline-flex items-center rounded-lg border px-2 py-0.5 font-bold text-sm ${style?.className ?? 'border-line text-muted'} ${className}`}
    >
      {style?.label ?? 'No verdict'}
    </span>
  )
}
