/**
 * Shop restock schedules that the games run on a fixed clock (catalog/README.md, "Shop / stock
 * mechanics"): Grow a Garden's shops restock on interval boundaries of the clock (UTC).
 */
export interface RestockSchedule {
  id: string
  label: string
  intervalMinutes: number
}

export const GROW_A_GARDEN_SHOPS: readonly RestockSchedule[] = [
  { id: 'seeds', label: 'Seed shop', intervalMinutes: 5 },
  { id: 'gear', label: 'Gear shop', intervalMinutes: 5 },
  { id: 'eggs', label: 'Egg shop', intervalMinutes: 30 },
  { id: 'event', label: 'Event shop', intervalMinutes: 60 },
  { id: 'cosmetics', label: 'Cosmetic shop', intervalMinutes: 240 },
]

/** The next boundary of `intervalMinutes` strictly after `now` (epoch milliseconds). */
export function nextRestockAt(intervalMinutes: number, now: number): number {
  const interval = intervalMinutes * 60_000
  return (Math.floor(now / interval) + 1) * interval
}

/** "4:05" or "1:02:03" for a countdown. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m)
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`
}
