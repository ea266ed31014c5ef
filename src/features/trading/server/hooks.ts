import type { Db } from '@/platform/server/db/client'
import { defineHook, type HookDeps } from '@/platform/server/hooks'
import type { DbOrTx } from '@/platform/server/lib/audit'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import type { Trader } from '../contract'

/**
 * The marketplace's hooks: what it publishes and what it asks of the features above it, which implement
 * them in their manifests (docs/architecture.md, "Direction").
 */

/** A trade both traders confirmed, with its two traders (achievements count it). */
export const tradeCompleted =
  defineHook<[deps: HookDeps, traderIds: readonly string[]]>('trading.trade-completed')

/** What features above add to a trader on ads and offers: their reviews (trust), their badges (achievements). */
export type TraderExtras = Partial<Pick<Trader, 'reviews' | 'achievements'>>
export const traderExtras = defineHook<[db: Db, userIds: readonly string[]], Map<string, TraderExtras>>(
  'trading.trader-extras',
)

/** Who reviewed which of these offers (trust): an offer shows whether each of its traders reviewed it. */
export const offerReviewers = defineHook<
  [db: Db, offerIds: readonly number[]],
  readonly { offerId: number; userId: string }[]
>('trading.offer-reviewers')

/**
 * A member of an offer's conversation besides its two traders (the middleman who took its request):
 * `writes` while they work it, `reads` once their job is closed; null for anyone else.
 */
export const conversationGuest = defineHook<
  [db: Db, offerId: number, userId: string],
  'writes' | 'reads' | null
>('trading.conversation-guest')

/** Who besides the two traders gets an offer's new messages live (the middleman working it). */
export const conversationListeners = defineHook<[db: Db, offerId: number], readonly string[]>(
  'trading.conversation-listeners',
)

/** A new ad, as posted: its owner, game, both sides and the tags it asks for ("any" among them). */
export interface PostedAd {
  id: number
  userId: string
  gameId: string
  offering: readonly { itemId: string; variant: string | null; quantity: number }[]
  requesting: readonly { itemId: string; variant: string | null; quantity: number }[]
  tags: readonly string[]
}

/**
 * A trader posted an ad, in its transaction (trade lists tell the traders it matches). `publicUrl`: the
 * site's address, for notices that leave it.
 */
export const adPosted =
  defineHook<[deps: { db: DbOrTx; cache: ReadCache; publicUrl: string }, ad: PostedAd]>('trading.ad-posted')
