import type { Context } from 'hono'

/**
 * Adds headers to the answer a handler gave, keeping any it set itself. Most answers are mutable and
 * are changed in place; an immutable one (Response.redirect, a fetched response) is copied once.
 */
export function addMissingHeaders(c: Context, headers: readonly (readonly [string, string])[]): void {
  const missing = headers.filter(([name]) => !c.res.headers.has(name))
  if (missing.length === 0) return
  try {
    for (const [name, value] of missing) c.res.headers.set(name, value)
  } catch {
    const res = new Response(c.res.body, c.res)
    for (const [name, value] of missing) res.headers.set(name, value)
    c.res = undefined
    c.res = res
  }
}
