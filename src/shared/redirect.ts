/** Characters a browser drops or reads as `/` inside a URL: `\`, tabs, newlines and other control codes. */
const UNSAFE_CHARACTER = /[\\\p{Cc}]/u

/** A path of this site: `/` alone, or one `/` followed by anything but another `/` or a `\`. */
const SITE_PATH = /^\/(?![/\\])/

/** The text of `value` with its percent-escapes decoded (repeatedly), or null when they do not decode. */
function decoded(value: string): string | null {
  let current = value
  for (let round = 0; round < 4; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return null
    }
    if (next === current) return current
    current = next
  }
  return null // still changing after four rounds: nothing a real link needs
}

/**
 * Where to go after signing in: a path from `?redirect=` that stays on `origin`, else the home page.
 * The value is resolved first (`/..//evil.test` and `/.//evil.test` become `//evil.test`, a link to
 * another site) and the result is what is checked, as sent and with its path decoded, so `//`, `/\`,
 * `%2F%2F`, `%5C`, tabs and newlines (which browsers drop) never reach a link or `navigate`. The answer
 * is always `/` or one `/` followed by neither `/` nor `\`.
 */
export function safeRedirect(value: string | null, origin: string): string {
  if (!value?.startsWith('/') || UNSAFE_CHARACTER.test(value)) return '/'
  const url = sitePath(value, origin)
  if (!url) return '/'
  // Decoded and resolved again, the path must still be one of this site (`/%2F%2Fevil.test`, `/%5Cevil`).
  const pathname = decoded(url.pathname)
  if (pathname === null || UNSAFE_CHARACTER.test(pathname) || !sitePath(pathname, origin)) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}

/** `value` resolved against `origin` when the result is a path of that origin, else null. */
function sitePath(value: string, origin: string): URL | null {
  try {
    const url = new URL(value, origin)
    return url.origin === origin && SITE_PATH.test(url.pathname) ? url : null
  } catch {
    return null
  }
}
