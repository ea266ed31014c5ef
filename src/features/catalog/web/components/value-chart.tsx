import type { ValuePoint } from '@/features/catalog/contract'
import { formatDay } from '@/platform/web/lib/format'
import { useRenderNow } from '@/platform/web/lib/now'
import { formatValue, formatValueFull } from '@/shared/format-value'

const W = 600
const H = 180
const PAD = { top: 12, right: 8, bottom: 12, left: 8 }

/**
 * The value history as a step chart: a value holds until the next change, and the last one until
 * today. One point is shown as a point. The axis labels are text of the page (readable on a phone,
 * where the drawing is scaled down). A table of the same points follows for screen readers.
 */
export function ValueChart({ points }: { points: ValuePoint[] }) {
  // The chart reads the time itself: a page rendered in another minute draws again only the chart.
  const now = useRenderNow()
  const valued = points.filter((p): p is ValuePoint & { newValue: number } => p.newValue !== null)
  if (valued.length === 0) return <p className="text-muted text-sm">No value history yet.</p>

  const single = valued.length === 1
  const times = valued.map((p) => Date.parse(p.at))
  const t0 = times[0]!
  const t1 = Math.max(now, times.at(-1)! + 1)
  const values = valued.map((p) => p.newValue)
  const lo = Math.min(...values)
  const hi = Math.max(...values)
  const span = hi - lo
  // One point stands in the middle; otherwise time runs from the first change to today.
  const x = (t: number) => (single ? W / 2 : PAD.left + ((t - t0) / (t1 - t0)) * (W - PAD.left - PAD.right))
  // A flat history sits in the middle; otherwise the range fills the height with a 10 % margin.
  const y = (v: number) =>
    PAD.top + (span === 0 ? 0.5 : 1 - (v - lo + span * 0.1) / (span * 1.2)) * (H - PAD.top - PAD.bottom)
  const ticks = span === 0 ? [hi] : [hi, lo + span / 2, lo]

  let path = ''
  valued.forEach((p, i) => {
    const px = x(times[i]!)
    const py = y(p.newValue)
    path += i === 0 ? `M${px},${py}` : ` H${px} V${py}`
  })
  path += ` H${x(t1)}`
  const first = valued[0]!
  const last = valued.at(-1)!
  const summary = single
    ? `One value point: ${formatValueFull(first.newValue)} since ${formatDay(first.at)}.`
    : `${valued.length} value points from ${formatValueFull(first.newValue)} on ${formatDay(first.at)} to ${formatValueFull(last.newValue)} on ${formatDay(last.at)}.`

  return (
    <figure>
      <div className="flex gap-2">
        <div aria-hidden="true" className="relative w-14 shrink-0 text-right text-muted text-xs tabular-nums">
          {ticks.map((v) => (
            <span
              key={v}
              className="absolute right-0 -translate-y-1/2"
              style={{ top: `${(y(v) / H) * 100}%` }}
            >
              {formatValue(v)}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-label={`Value history. ${summary}`}
          className="h-auto min-w-0 flex-1"
        >
          {ticks.map((v) => (
            <line
              key={v}
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              className="stroke-line"
              strokeDasharray="4 4"
            />
          ))}
          {!single && (
            <>
              <path d={`${path} V${H - PAD.bottom} H${x(t0)} Z`} className="fill-accent/10" />
              <path d={path} className="fill-none stroke-accent" strokeWidth={2.5} strokeLinejoin="round" />
            </>
          )}
          {valued.map((p, i) => (
            <circle
              key={p.at}
              cx={x(times[i]!)}
              cy={y(p.newValue)}
              r={single ? 7 : 4}
              className="fill-accent"
            />
          ))}
        </svg>
      </div>
      <div
        aria-hidden="true"
        className={`mt-1 ml-16 flex text-muted text-xs ${single ? 'justify-center' : 'justify-between'}`}
      >
        <span>{formatDay(first.at)}</span>
        {!single && <span>today</span>}
      </div>
      <figcaption className="mt-2 text-muted text-sm">{summary}</figcaption>
      <table className="sr-only">
        <caption>Value history</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {valued.map((p) => (
            <tr key={p.at}>
              <td>{formatDay(p.at)}</td>
              <td>{formatValue(p.newValue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
