/**
 * Where to go after signing in: a path from `?redirect=` that stays on `origin`, else the home page.
 * Browsers drop tabs and newlines and read `\` as `/`, so `/\t/host` or `/\host` could leave the site;
 * only a path that resolves to this very origin is kept.
 */
export function safeRedirect(value: string | null, origin: string): string {
  const unsafe = (c: string) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f
  if (!value?.startsWith('/') || [...value].some(unsafe)) return '/'
  const url = new URL(value, origin)
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/'
}
