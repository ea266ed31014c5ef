import { formatNumber } from '@/shared/format-value'

/** A span of time as a trade ad shows it: "5 min", "2 h", "3 d" (rounded down; under a minute, "1 min"). */
export function formatSpan(ms: number): string {
  const minutes = Math.max(1, Math.floor(Math.abs(ms) / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h`
  return `${formatNumber(Math.floor(hours / 24))} d`
}
