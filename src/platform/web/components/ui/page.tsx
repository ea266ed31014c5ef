import type { ReactNode } from 'react'

/** The frame of an ordinary page: a width-limited column with the page's one h1 and lead text. */
export function Page({
  title,
  lead,
  children,
  wide = false,
}: {
  title: string
  lead?: ReactNode
  children?: ReactNode
  wide?: boolean
}) {
  return (
    <div className={`mx-auto w-full px-4 py-10 sm:px-6 sm:py-14 ${wide ? 'max-w-6xl' : 'max-w-3xl'}`}>
      <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      {lead && <p className="mt-3 text-lg text-muted">{lead}</p>}
      <div className="mt-8">{children}</div>
    </div>
  )
}

/** Long-form text (guides, policies) with headings, lists and links styled. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className="prose-page">{children}</div>
}
