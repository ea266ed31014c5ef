/**
 * What trust shows on lower features' pages (its web manifest fills their slots): small wrappers that
 * ship with every page, each loading its part's code when first rendered.
 */
import { Suspense } from 'react'
import type { TradeAd, TradeMessage, TradeOffer } from '@/features/trading/contract'
import type { OfferRole } from '@/features/trading/web/public'
import { lazy } from '@/platform/web/lib/lazy'
import { Part } from '@/platform/web/lib/part'

const reportParts = () => import('./components/report-parts')
const AdReportButton = lazy(async () => ({ default: (await reportParts()).AdReport }))
const MessageReportButton = lazy(async () => ({ default: (await reportParts()).MessageReport }))
const UserReportButton = lazy(async () => ({ default: (await reportParts()).UserReport }))

/** Report the ad (another trader's ad page). */
export function AdReport(props: { ad: TradeAd }) {
  return (
    <Suspense fallback={null}>
      <AdReportButton {...props} />
    </Suspense>
  )
}

/** Report a message (a conversation). */
export function MessageReport(props: { message: TradeMessage }) {
  return (
    <Suspense fallback={null}>
      <MessageReportButton {...props} />
    </Suspense>
  )
}

/** Report a trader (their public profile, for a signed-in viewer). */
export function UserReport(props: { username: string }) {
  return (
    <Suspense fallback={null}>
      <UserReportButton {...props} />
    </Suspense>
  )
}

/** The module of a public profile's Reputation: the profile's loader loads it with the page of reviews. */
const reputation = () => import('./components/reputation')
const ProfileReputation = lazy(async () => ({ default: (await reputation()).ProfileReputation }))

/** A public profile's "Reputation": the summary of the trader's reviews and a page of them (a part). */
export function ReputationSection({ username }: { username: string }) {
  return (
    <Part>
      <ProfileReputation username={username} />
    </Part>
  )
}

/** A trade's review: its rules, the link to it in my trades, and the form's loader (one chunk). */
const tradeReview = () => import('./components/trade-review')
const TradeReviewPart = lazy(async () => ({ default: (await tradeReview()).TradeReview }))
const ReviewLinkPart = lazy(async () => ({ default: (await tradeReview()).ReviewLink }))

/** An offer's review once it was accepted: to write (14 days) or written. */
export function TradeReview(props: { offer: TradeOffer; role: OfferRole; onReviewed: () => void }) {
  return (
    <Suspense fallback={null}>
      <TradeReviewPart {...props} />
    </Suspense>
  )
}

/** "Review" in my trades, while the viewer may still review the trade. */
export function ReviewLink(props: { offer: TradeOffer; role: OfferRole; href: string }) {
  return (
    <Suspense fallback={null}>
      <ReviewLinkPart {...props} />
    </Suspense>
  )
}
