import { ChevronDown } from 'lucide-react'
import type { Ref } from 'react'

/** The button that shows or hides a menu item's children (desktop bar and phone drawer). */
export function SubmenuToggle({
  label,
  open,
  controls,
  onToggle,
  className,
  ref,
}: {
  label: string
  open: boolean
  controls: string
  onToggle: () => void
  className: string
  ref?: Ref<HTMLButtonElement>
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {label}
      <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
    </button>
  )
}
