import { type ReactNode, useId } from 'react'

interface FieldProps {
  label: string
  hint?: ReactNode
  error?: string | null
}

const CONTROL_CLASS =
  'mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-ink placeholder:text-muted/70 aria-invalid:border-danger'

/** The label, hint and error around one control, and the attributes that tie them to it. */
function FieldFrame({
  label,
  hint,
  error,
  className,
  control,
}: FieldProps & {
  className: string
  control: (wiring: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

/** A labelled input with an optional hint and error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  className = '',
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & FieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, className }}
      control={(wiring) => <input {...wiring} className={CONTROL_CLASS} {...input} />}
    />
  )
}

/** A labelled text area with an optional hint and error, wired for screen readers. */
export function TextAreaField({
  label,
  hint,
  error,
  className = '',
  ...textarea
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, className }}
      control={(wiring) => <textarea {...wiring} className={CONTROL_CLASS} {...textarea} />}
    />
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
