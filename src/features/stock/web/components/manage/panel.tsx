import type { ReactNode } from 'react'

/** A bordered section of the stock management page, with its heading. */
export function Panel({
  id,
  title,
  action,
  children,
}: {
  id: string
  title: string
  /** Beside the heading (a button). */
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="font-semibold text-lg [overflow-wrap:anywhere]">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  )
}

export const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback

export const selectClass =
  'mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-ink focus:border-accent'
