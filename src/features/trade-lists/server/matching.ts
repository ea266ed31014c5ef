/**
 * The matching rule, pure: whether an ad matches a trader's lists, what the trader would give and get,
 * and the order of the matches (best first). The route, the ad-posted notice and the tests all use it.
 */

import type { Verdict } from '@/features/catalog/wfl'
import { VERDICT_RANK } from '@/features/trade-lists/rules'

/** A slot of an ad's side or an entry of a list: an item, its variant (null: the item's own / any). */
export interface MatchSlot {
  itemId: string
  variant: string | null
  quantity: number
}

/** A trader's two lists of one game. */
export interface Lists {
  have: readonly MatchSlot[]
  want: readonly MatchSlot[]
}

/** What an ad offers and asks for (items, and whether it takes "any"). */
export interface AdTerms {
  offering: readonly MatchSlot[]
  requesting: readonly MatchSlot[]
  any: boolean
}

/** An ad that matches: the trade it offers me (`give` what I have of its asks, `get` what it offers). */
export interface AdMatch {
  give: MatchSlot[]
  get: MatchSlot[]
  /** Slots of the ad's offer that are on my want list. */
  wanted: number
  /** Slots of the ad's asks that are on my have list. */
  had: number
  any: boolean
}

/**
 * A list entry covers a slot of an ad: the same item in the same variant, as the calculator and the ads
 * count them (no variant: the item's own value, its default variant).
 */
export const covers = (entry: MatchSlot, slot: MatchSlot): boolean =>
  entry.itemId === slot.itemId && entry.variant === slot.variant

/**
 * Slots with the game's default variant written out (`physical`, which the API accepts) as none: the
 * item's own value either way (docs/decisions/024-one-value-per-default-variant.md).
 */
export const withDefaultVariant = <S extends MatchSlot>(
  slots: readonly S[],
  defaultVariant: string | undefined,
): S[] => slots.map((s) => (s.variant !== null && s.variant === defaultVariant ? { ...s, variant: null } : s))

/**
 * The rule: an ad matches when it offers something I want, and asks for something I have or for "any".
 * I would get everything it offers and give what it asks for that I have: as many as it asks, at most as
 * many as I have. Null: no match.
 */
export function matchAd(lists: Lists, ad: AdTerms): AdMatch | null {
  const wanted = ad.offering.filter((slot) => lists.want.some((entry) => covers(entry, slot))).length
  if (wanted === 0) return null
  const give: MatchSlot[] = []
  for (const slot of ad.requesting) {
    const held = Math.max(0, ...lists.have.filter((entry) => covers(entry, slot)).map((e) => e.quantity))
    if (held > 0) give.push({ ...slot, quantity: Math.min(slot.quantity, held) })
  }
  if (give.length === 0 && !ad.any) return null
  return { give, get: ad.offering.map((slot) => ({ ...slot })), wanted, had: give.length, any: ad.any }
}

/** What the order reads of a match: my verdict and percent, how much of my lists it meets, its listing. */
export interface RankedMatch {
  verdict: Verdict | null
  /** My percent: what I get over what I give, in percent of the larger side. */
  percent: number
  wanted: number
  had: number
  listedAt: number
  id: number
}

/**
 * Best first: my verdict (a win, then fair, then no verdict, then a loss), then the better value for me,
 * then the ad that meets more of my lists, then the newest listed.
 */
export function compareMatches(a: RankedMatch, b: RankedMatch): number {
  const rank = (m: RankedMatch) => VERDICT_RANK[m.verdict ?? 'none']
  return (
    rank(a) - rank(b) ||
    b.percent - a.percent ||
    b.wanted + b.had - (a.wanted + a.had) ||
    b.listedAt - a.listedAt ||
    b.id - a.id
  )
}
