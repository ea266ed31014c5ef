/** A formatter made on first use: making one costs the page time, and most pages need few of them. */
function once<T>(make: () => T): () => T {
  let made: T | undefined
  return () => {
    made ??= make()
    return made
  }
}
const whole = once(() => new Intl.NumberFormat('en'))
const day = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }))
const relative = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }))

export const formatCount = (n: number) => whole().format(n)
export const formatDay = (iso: string) => day().format(new Date(iso))

/** "3 days ago", "2 months ago": for the time of a value change. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ]
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative().format(Math.round(seconds / size), unit)
  }
  return 'just now'
}
