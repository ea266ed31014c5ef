import type { ReactNode } from 'react'

/**
 * A choice shown as a chip: a radio (the input hidden, the chip marked when chosen) or a checkbox (its
 * box shown), with the focus ring on the chip.
 */
export function ChoiceChip({
  type,
  name,
  value,
  checked,
  onChange,
  children,
}: {
  type: 'radio' | 'checkbox'
  name?: string
  value?: string | number
  checked: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
}) {
  return (
    <label className="inline-flex min-h-8 cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-1 text-sm has-checked:border-accent has-checked:bg-accent/15 has-focus-visible:outline-2 has-focus-visible:outline-accent has-focus-visible:outline-offset-2">
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className={type === 'radio' ? 'sr-only' : 'size-4 accent-[var(--color-accent)]'}
      />
      {children}
    </label>
  )
}
