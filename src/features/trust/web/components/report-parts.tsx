import type { TradeAd, TradeMessage } from '@/features/trading/contract'
import { ReportButton } from './report-button'

/**
 * The Report buttons trust puts on other features' pages (their slots): one chunk, loaded with the
 * first page that shows one.
 */

/** "Report the ad", on another trader's ad. */
export function AdReport({ ad }: { ad: TradeAd }) {
  return <ReportButton target={{ kind: 'ad', id: ad.id }} what="this ad" label="Report the ad" />
}

/** Under a message of the other trader in a conversation. */
export function MessageReport({ message }: { message: TradeMessage }) {
  return (
    <ReportButton
      target={{ kind: 'message', id: message.id }}
      what={`this message from ${message.username}`}
      className="-ml-1 mt-1 inline-flex min-h-6 items-center gap-1 rounded px-1 text-muted text-xs hover:text-ink"
    />
  )
}

/** On someone else's profile, after Block. */
export function UserReport({ username }: { username: string }) {
  return <ReportButton target={{ kind: 'user', id: username }} what={username} />
}
