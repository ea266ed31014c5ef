import { useId } from 'react'

/** A labelled file input for one evidence image (PNG, JPEG or WebP). */
export function ImageField({
  label,
  onChange,
  error,
}: {
  label: string
  onChange: (file: File | null) => void
  error?: string | null
}) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-1.5 file:font-semibold file:text-ink"
      />
      <p id={`${id}-hint`} className="mt-1 text-muted text-xs">
        PNG, JPEG or WebP, up to 5 MB.
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-danger text-sm">
          {error}
        </p>
      )}
    </div>
  )
}
