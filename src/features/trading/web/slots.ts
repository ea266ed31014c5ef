/**
 * The slots of the marketplace's pages: what higher features show on them (platform/web/lib/slots.tsx).
 * Declared here, published by the public entry, filled in the higher features' web manifests.
 */
import type { TradeAd, TradeMessage, TradeOffer } from '@/features/trading/contract'
import { defineSlot } from '@/platform/web/lib/slots'
import type { OfferRole } from './offer-view'

/** What another trader may do with an ad besides blocking its owner (Report the ad), before Block. */
export const adActions = defineSlot<{ ad: TradeAd }>('trading.ad.actions')

/** Under a message of the other trader (or middleman) in a conversation (Report). */
export const messageActions = defineSlot<{ message: TradeMessage }>('trading.conversation.message-actions')

/**
 * After an offer's confirmations, for one of its traders: their review of the other (to write, or
 * written). `onReviewed` reads the marketplace again (the other trader's rating changed).
 */
export const offerReview = defineSlot<{ offer: TradeOffer; role: OfferRole; onReviewed: () => void }>(
  'trading.offer.review',
)

/**
 * After an offer's review: what features above add to an accepted or completed trade (Open a dispute,
 * the official middleman).
 */
export const offerAfterReview = defineSlot<{ offer: TradeOffer }>('trading.offer.after-review')

/** The links of an offer in "my trades" (Review, Open a dispute); `href`: its conversation. */
export const myTradeActions = defineSlot<{ offer: TradeOffer; role: OfferRole; href: string }>(
  'trading.my-trades.actions',
)

/** Sections of "my trades" after the offers I received (the ads that match my have/want lists). */
export const myTradesSections = defineSlot<Record<never, never>>('trading.my-trades.sections')
