import { useId } from 'react'

/** A labelled input with an optional hint and error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  className = '',
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string | null }) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-ink placeholder:text-muted/70 aria-invalid:border-danger"
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-muted text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-danger text-sm">
          {error}
        </p>
      )}
    </div>
  )
}

/** A form-level message: an error (role alert) or a notice (role status). */
export function FormMessage({ kind, children }: { kind: 'error' | 'info'; children: React.ReactNode }) {
  return kind === 'error' ? (
    <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-danger text-sm">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-lg border border-accent/40 bg-accent/10 px-3 py-2 text-sm">
      {children}
    </p>
  )
}
