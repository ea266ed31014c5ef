/** A part of a page that could not be loaded ("{what} could not be loaded."), with a retry. */
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
