import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * The disclosure pattern (a button that shows a panel of links): Escape (focus back on the button), a
 * click outside, leaving it with Tab or any navigation closes it.
 */
export function useDisclosure<Root extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<Root>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const { pathname, search } = useLocation()

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every navigation
  useEffect(() => setOpen(false), [pathname, search])
  useEffect(() => {
    const root = rootRef.current
    if (!open || !root) return
    const onPointerDown = (event: PointerEvent) => {
      if (!root.contains(event.target as Node)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    root.addEventListener('keydown', onKeyDown)
    root.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      root.removeEventListener('keydown', onKeyDown)
      root.removeEventListener('focusout', onFocusOut)
    }
  }, [open])

  return { open, setOpen, rootRef, buttonRef }
}
