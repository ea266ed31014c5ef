import type { FeedItem } from '@/features/alerts/contract'
import { FEED_TIMING, FEED_TYPES, type FeedType } from '@/features/alerts/rules'

/** Where the rotation stands: the next type to try, and how far each type's candidates went. */
export interface Rotation {
  next: number
  seen: Partial<Record<FeedType, number>>
}

export const newRotation = (): Rotation => ({ next: 0, seen: {} })

/** Whether a candidate still holds at `now` (an item in stock until its window ends). */
export const stillHolds = (item: FeedItem, now: number) => !item.endsAt || Date.parse(item.endsAt) > now

/**
 * The next toast: one type after the other in FEED_TYPES order, skipping types with nothing (or
 * nothing that still holds), each type going through its candidates in turn. Null when nothing qualifies.
 */
export function nextToast(items: readonly FeedItem[], rotation: Rotation, now: number): FeedItem | null {
  for (let step = 0; step < FEED_TYPES.length; step++) {
    const index = (rotation.next + step) % FEED_TYPES.length
    const type = FEED_TYPES[index]!
    const candidates = items.filter((item) => item.type === type && stillHolds(item, now))
    if (candidates.length === 0) continue
    const seen = rotation.seen[type] ?? 0
    rotation.seen[type] = seen + 1
    rotation.next = (index + 1) % FEED_TYPES.length
    return candidates[seen % candidates.length]!
  }
  return null
}

/** How long a toast shows: 4 s, longer for longer text, 8 s at most (docs/product.md §8). */
export function toastDuration(item: Pick<FeedItem, 'title' | 'description' | 'endsAt'>): number {
  // About 15 characters a second of reading, after a 2 s glance; a countdown adds a few characters.
  const characters = item.title.length + item.description.length + (item.endsAt ? 12 : 0)
  const ms = 2_000 + (characters / 15) * 1_000
  return Math.round(Math.min(FEED_TIMING.maxDurationMs, Math.max(FEED_TIMING.minDurationMs, ms)))
}
