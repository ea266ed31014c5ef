import { formatValue, formatValueFull } from '@/shared/format-value'

/**
 * A value as traders write it (3.91B, 1Sp), with the exact figure on hover and for screen readers when
 * the short form rounds it.
 */
export function ValueText({ value, className }: { value: number | null; className?: string }) {
  const short = formatValue(value)
  const full = formatValueFull(value)
  if (short === full) return <span className={className}>{short}</span>
  return (
    <span className={className} title={full}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{full}</span>
    </span>
  )
}
