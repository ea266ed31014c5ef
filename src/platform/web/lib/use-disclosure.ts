import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * The disclosure pattern (a button that shows a panel of links): Escape (focus back on the button), a
 * click outside, leaving it with Tab or any navigation closes it. Spread `rootProps` on the element
 * that holds the button and the panel: its keys and focus are handled from the moment the panel shows
 * (not from after the effects of that render have run).
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const { pathname, search } = useLocation()

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setOpen(false), [pathname, search])
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const rootProps = {
    ref: rootRef,
    onKeyDown: (event: KeyboardEvent) => {
      if (!open || event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    },
    onBlur: (event: FocusEvent) => {
      if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
    },
  }

  return { open, setOpen, rootProps, buttonRef }
}
