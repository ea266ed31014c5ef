/** Counted figures as tiles: the number large, what it counts beneath ("…" while it loads). */
export function Figures({
  figures,
  className,
}: {
  figures: { label: string; value: string }[]
  className: string
}) {
  return (
    <dl className={className}>
      {figures.map((f) => (
        <div key={f.label} className="rounded-xl border border-line bg-surface/70 px-3 py-3">
          <dd className="font-bold text-2xl text-ink tabular-nums">{f.value}</dd>
          <dt className="text-muted text-xs">{f.label}</dt>
        </div>
      ))}
    </dl>
  )
}
