export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-16 text-muted ${className}`}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-line border-t-accent motion-reduce:animate-none"
      />
      <span>{label}…</span>
    </div>
  )
}
