import { describe, expect, it } from 'vitest'
import {
  formatClock,
  formatCount,
  formatDay,
  formatDayAndTime,
  formatMonth,
  formatRelative,
  formatTimeOfDay,
} from './format'

// Dates across the year, the day and both halves of the clock.
const DATES = Array.from(
  { length: 60 },
  (_, i) => new Date(Date.UTC(2020 + (i % 7), i % 12, 1 + ((i * 7) % 28), (i * 5) % 24, (i * 13) % 60)),
)

describe('format (what Intl writes in English)', () => {
  it('writes counts with grouped digits', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567])
      expect(formatCount(n)).toBe(new Intl.NumberFormat('en').format(n))
  })

  it('writes days and months in UTC', () => {
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })
    const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    for (const date of DATES) {
      expect(formatDay(date.toISOString())).toBe(day.format(date))
      expect(formatMonth(date.toISOString())).toBe(month.format(date))
    }
  })

  it('writes the time of day in the reader’s time zone', () => {
    const time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' })
    const dayAndTime = new Intl.DateTimeFormat('en', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    })
    for (const date of DATES) {
      expect(formatTimeOfDay(date)).toBe(time.format(date))
      expect(formatDayAndTime(date)).toBe(dayAndTime.format(date))
    }
  })

  it('shows only the time for today', () => {
    const now = new Date(2026, 10, 24, 18, 0).getTime()
    expect(formatClock(new Date(2026, 10, 24, 9, 5).toISOString(), now)).toBe(
      formatTimeOfDay(new Date(2026, 10, 24, 9, 5)),
    )
    expect(formatClock(new Date(2026, 10, 23, 9, 5).toISOString(), now)).toMatch(/^Nov 23, 9:05/)
  })

  it('writes how long ago, in words for the neighbouring day, month and year', () => {
    const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
    const now = Date.UTC(2026, 10, 24, 12)
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 31_536_000],
      ['month', 2_592_000],
      ['day', 86_400],
      ['hour', 3600],
      ['minute', 60],
    ]
    for (const seconds of [
      60, 61, 119, 3600, 5400, 86_400, 129_600, 200_000, 2_592_000, 5_000_000, 31_536_000, 80_000_000, 4e9,
    ]) {
      for (const sign of [-1, 1]) {
        const [unit, size] = units.find(([, size]) => seconds >= size)!
        const expected = rtf.format(Math.round((sign * seconds) / size), unit)
        expect(formatRelative(new Date(now + sign * seconds * 1000).toISOString(), now)).toBe(expected)
      }
    }
    expect(formatRelative(new Date(now - 30_000).toISOString(), now)).toBe('just now')
  })
})
