import { useId } from 'react'

/** A labelled drop-down of `[value, text]` options; `hideLabel` keeps the label for screen readers only. */
export function Select({
  label,
  value,
  options,
  onChange,
  hideLabel = false,
  className = 'rounded-lg border border-line bg-bg px-3 py-2 text-ink text-sm focus:border-accent',
}: {
  label: string
  value: string
  options: readonly (readonly [string, string])[]
  onChange: (value: string) => void
  hideLabel?: boolean
  className?: string
}) {
  const id = useId()
  return (
    <div className="flex min-w-0 flex-col">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'font-medium text-sm'}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={className}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}
