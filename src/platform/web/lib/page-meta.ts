import { useEffect } from 'react'
import { fullTitle } from '@/shared/page-info'

/** Sets the document title and meta description (the server already sent them for the first load). */
export function applyPageMeta(title: string, description: string): void {
  const full = fullTitle(title)
  if (document.title !== full) document.title = full
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!meta) {
    meta = document.createElement('meta')
    meta.name = 'description'
    document.head.append(meta)
  }
  if (meta.content !== description) meta.content = description
}

/** For pages whose title depends on their data (an item, a profile): overrides the route's default. */
export function usePageMeta(title: string | undefined, description: string | undefined): void {
  useEffect(() => {
    if (title && description) applyPageMeta(title, description)
  }, [title, description])
}
