import { formatScaledFull, scaleDecimal, scaledNumber } from '@/features/catalog/exact'
import { formatValue } from '@/shared/format-value'

/**
 * An exact total (a decimal text, `57000000000000000000000`) as traders write it (57Sx), with every digit
 * (57,000,000,000,000,000,000,000) on hover and for screen readers when the short form rounds it: the
 * calculator's totals, summed without float noise.
 */
export function ExactValue({
  exact,
  signed = false,
  className,
}: {
  exact: string
  /** Writes + or − before it (a difference). */
  signed?: boolean
  className?: string
}) {
  const value = scaleDecimal(exact) ?? 0n
  const sign = signed ? (value < 0n ? '−' : '+') : value < 0n ? '-' : ''
  const abs = value < 0n ? -value : value
  const short = `${sign}${formatValue(scaledNumber(abs))}`
  const full = `${sign}${formatScaledFull(abs)}`
  if (short === full) return <span className={className}>{short}</span>
  return (
    <span className={className} title={full}>
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{full}</span>
    </span>
  )
}
