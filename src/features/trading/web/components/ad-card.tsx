import { MessageSquare } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Link } from 'react-router'
import { useMe } from '@/features/accounts/web/public'
import type { TradeAd } from '@/features/trading/contract'
import { GAME_NAMES } from '@/shared/games'
import { adOffersLine } from '../ad-offers-line'
import { AdTimes } from './ad-times'
import { TagChips } from './tag-chips'
import { TradeSide } from './trade-side'
import { TradeVerdict } from './trade-verdict'
import { TraderChip } from './trader-chip'

/** "Kitsune ×2 + 2 more": what an ad offers, in a few words. */
export function adSummary(ad: Pick<TradeAd, 'offering'>): string {
  const [first, ...rest] = ad.offering
  if (!first) return 'Trade ad'
  const name = first.quantity > 1 ? `${first.name} ×${first.quantity}` : first.name
  return rest.length > 0 ? `${name} + ${rest.length} more` : name
}

/** What an ad has and wants (items with values), the tags it asks for, and its note. */
export function AdContents({ ad, compact = false }: { ad: TradeAd; compact?: boolean }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <TradeSide game={ad.game} title="Has" slots={ad.offering} total={ad.wfl.offering} compact={compact} />
        <TradeSide
          game={ad.game}
          title="Wants"
          slots={ad.requesting}
          total={ad.wfl.requesting}
          compact={compact}
          empty="No particular items"
        />
      </div>
      <TagChips tags={ad.tags} label={ad.requesting.length > 0 ? 'Also wants' : 'Wants'} />
      {ad.note && (
        <p className="whitespace-pre-line break-words rounded-lg bg-bg px-3 py-2 text-sm">{ad.note}</p>
      )}
    </>
  )
}

/**
 * An ad in a list: its owner, what it has and wants with values, tags, note, age and time left, the
 * verdict (the owner's own, or for whoever takes it as requested), its pending offers (or how it ended),
 * and a link to its page.
 */
export function AdCard({
  ad,
  headingLevel = 2,
  showGame = false,
  compact = false,
  children,
}: {
  ad: TradeAd
  /** The card's heading: h2 on a page of ads, h3 inside a section. */
  headingLevel?: 2 | 3
  /** Lists of several games name the ad's game. */
  showGame?: boolean
  /** Small lists (an item's or a trader's ads): one line per item. */
  compact?: boolean
  /** What the viewer may do with it (Close, Relist), at the card's foot. */
  children?: ReactNode
}) {
  const headingId = useId()
  const { me } = useMe()
  // The owner sees their own verdict; anyone else the verdict of taking the ad as requested.
  const own = me?.profile.username === ad.owner.username
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <TraderChip trader={ad.owner} />
        <div className="ml-auto text-right">
          {showGame && <p className="font-medium text-xs">{GAME_NAMES[ad.game]}</p>}
          <AdTimes ad={ad} />
        </div>
      </div>
      <Heading id={headingId} className="font-semibold text-base leading-snug">
        <Link to={`/trading/ad/${ad.id}`} className="inline-flex min-h-6 items-center hover:underline">
          {adSummary(ad)}
        </Link>
      </Heading>
      <AdContents ad={ad} compact={compact} />
      <div className="flex flex-wrap items-center justify-between gap-2 border-line border-t pt-3">
        <TradeVerdict
          wfl={ad.wfl}
          viewpoint={own ? 'author' : 'other'}
          label={own ? 'Your verdict' : 'For you'}
        />
        <p className="inline-flex items-center gap-1.5 text-muted text-sm">
          <MessageSquare aria-hidden="true" className="size-4" />
          {adOffersLine(ad)}
        </p>
      </div>
      {children}
    </article>
  )
}
