import { type ReactNode, useEffect, useRef, useState } from 'react'
import { buttonClass } from './button'

/**
 * An action that asks first, in place: its button, then the question with Cancel and the action's
 * confirming button (focus moves to Cancel, and back to the button on Cancel). With `ask` false the
 * button acts at once. `onConfirm` gets `done`, which puts the button back (call it once it settled).
 */
export function ConfirmInPlace({
  children,
  question,
  confirmLabel,
  keepLabel = 'Cancel',
  onConfirm,
  ask = true,
  disabled = false,
  className = buttonClass('secondary', 'sm'),
  confirmClassName = buttonClass('primary', 'sm'),
}: {
  /** The button's words (and any screen-reader text). */
  children: ReactNode
  question: string
  confirmLabel: string
  /** The button that leaves things as they are ("Keep it" where the action itself is a cancel). */
  keepLabel?: string
  onConfirm: (done: () => void) => void
  ask?: boolean
  disabled?: boolean
  className?: string
  confirmClassName?: string
}) {
  const [confirming, setConfirming] = useState(false)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)
  useEffect(() => {
    if (confirming) cancelRef.current?.focus()
    else if (returnFocus.current) triggerRef.current?.focus()
    returnFocus.current = false
  }, [confirming])
  const done = () => setConfirming(false)

  if (!confirming)
    return (
      <button
        ref={triggerRef}
        type="button"
        disabled={disabled}
        onClick={() => (ask ? setConfirming(true) : onConfirm(done))}
        className={className}
      >
        {children}
      </button>
    )
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-sm">
      <legend className="float-left mr-1 font-medium">{question}</legend>
      <button
        ref={cancelRef}
        type="button"
        onClick={() => {
          returnFocus.current = true
          setConfirming(false)
        }}
        className={buttonClass('ghost', 'sm')}
      >
        {keepLabel}
      </button>
      <button type="button" disabled={disabled} onClick={() => onConfirm(done)} className={confirmClassName}>
        {confirmLabel}
      </button>
    </fieldset>
  )
}
