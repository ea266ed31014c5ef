/** A labelled checkbox of the Alerts tab. */
export function Toggle({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input
        type="checkbox"
        className="size-4 accent-accent"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  )
}

export const sectionClass = 'rounded-2xl border border-line bg-surface p-5 sm:p-6'

/** A part of the tab that could not be loaded, with a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p role="alert" className="text-muted text-sm">
      {what} could not be loaded.{' '}
      <button type="button" className="text-accent underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  )
}
