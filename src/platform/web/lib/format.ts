import { formatNumber } from '@/shared/format-value'

/*
 * Dates and counts in English, written here rather than with Intl: a browser's first Intl formatter
 * loads its locale data in one long task on a phone (decision 016). The tests check them against Intl.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
const shortMonth = (month: number) => MONTHS[month]!.slice(0, 3)

export const formatCount = (n: number) => formatNumber(n)

/** "Nov 24, 2026" (UTC, as the server renders it). */
export function formatDay(iso: string): string {
  const date = new Date(iso)
  return `${shortMonth(date.getUTCMonth())} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
}

/** "November 2026" (UTC, as the server renders it). */
export function formatMonth(iso: string): string {
  const date = new Date(iso)
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** "10:05 AM" in the reader's time zone. */
export function formatTimeOfDay(date: Date): string {
  const hours = date.getHours()
  const minutes = String(date.getMinutes()).padStart(2, '0')
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`
}

/** "Jan 3, 10:05 AM" in the reader's time zone. */
export const formatDayAndTime = (date: Date) =>
  `${shortMonth(date.getMonth())} ${date.getDate()}, ${formatTimeOfDay(date)}`

/** "10:05 AM" today, "Jan 3, 10:05 AM" before (the reader's time zone). */
export function formatClock(iso: string, now: number): string {
  const date = new Date(iso)
  return date.toDateString() === new Date(now).toDateString() ? formatTimeOfDay(date) : formatDayAndTime(date)
}

/** What English says for one unit either way with `numeric: 'auto'` ("yesterday", "last month"). */
const NEIGHBOURS: Partial<Record<string, [string, string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  day: ['yesterday', 'tomorrow'],
}

/** "3 days ago", "2 months ago": for the time of a value change. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000
  const steps: [string, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ]
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) < size) continue
    const count = Math.round(seconds / size)
    const neighbours = NEIGHBOURS[unit]
    if (neighbours && Math.abs(count) === 1) return neighbours[count < 0 ? 0 : 1]
    const amount = `${formatNumber(Math.abs(count))} ${unit}${Math.abs(count) === 1 ? '' : 's'}`
    return count < 0 ? `${amount} ago` : `in ${amount}`
  }
  return 'just now'
}
