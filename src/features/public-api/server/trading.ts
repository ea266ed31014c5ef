import { findPublicProfile } from '@/features/accounts/server/public'
import { achievementsOf } from '@/features/achievements/server/public'
import type {
  V1AdTrader,
  V1TradeAd,
  V1TradeAdResponse,
  V1TradeAdsResponse,
  V1TraderResponse,
} from '@/features/public-api/contract'
import {
  TRADING_MESSAGES,
  type TradeAd,
  type TradeAdResponse,
  type TradeAdsQuery,
  type TradeAdsResponse,
  type Trader,
} from '@/features/trading/contract'
import {
  adLink,
  cachedAd,
  cachedAdList,
  countAds,
  type TradingDeps,
  tradingOf,
} from '@/features/trading/server/public'
import { summaryOf } from '@/features/trust/server/public'
import type { AppDeps } from '@/platform/server/context'
import { AppError } from '@/platform/server/lib/errors'
import { type CachedJson, toCachedJson } from '@/platform/server/lib/read-cache'

/**
 * The marketplace and the public profiles in v1 (decision 040, "Trading"): the site's own public answers
 * (`/api/trade-ads`, `/u/{username}`), cut to what v1 promises and with absolute links. Nothing here
 * reads the tables itself.
 */

const profilePath = (username: string) => `/u/${encodeURIComponent(username)}`

const toV1Trader = (trader: Trader, publicUrl: string): V1AdTrader => ({
  username: trader.username,
  displayName: trader.displayName,
  roblox: trader.roblox ? { name: trader.roblox.name, displayName: trader.roblox.displayName } : null,
  reviews: trader.reviews,
  completedTrades: trader.completedTrades,
  url: `${publicUrl}${profilePath(trader.username)}`,
})

/** An ad as v1 shows it: no status (v1 shows open ads only), no pending offers, links made absolute. */
export const toV1Ad = (ad: TradeAd, publicUrl: string): V1TradeAd => ({
  id: ad.id,
  game: ad.game,
  url: `${publicUrl}${adLink(ad.id)}`,
  trader: toV1Trader(ad.owner, publicUrl),
  offering: ad.offering,
  requesting: ad.requesting,
  tags: ad.tags,
  note: ad.note,
  wfl: ad.wfl,
  createdAt: ad.createdAt,
  listedAt: ad.listedAt,
  expiresAt: ad.expiresAt,
})

/**
 * The v1 answer made from a site answer of the marketplace's read cache, once per site answer: it holds
 * while the site's does (`current`: until any change of the marketplace or until an ad on it ends), so a
 * new ad shows in v1 as soon as it shows on the site. null: `make` found nothing to show.
 */
const derived = new WeakMap<CachedJson, CachedJson | null>()
function fromSiteAnswer<T>(site: CachedJson, make: (data: T) => unknown | null): CachedJson | null {
  if (derived.has(site)) return derived.get(site) ?? null
  const data = make(JSON.parse(Buffer.from(site.body).toString()) as T)
  const answer = data === null ? null : toCachedJson(data)
  if (answer) answer.current = () => site.current?.() !== false
  derived.set(site, answer)
  return answer
}

/** GET /api/v1/trade-ads: a page of open ads, newest listed first, as a signed-out visitor sees the list. */
export async function v1AdList(t: TradingDeps, query: TradeAdsQuery): Promise<CachedJson> {
  const site = await cachedAdList(t, query)
  return fromSiteAnswer<TradeAdsResponse>(
    site,
    (page): V1TradeAdsResponse => ({
      ads: page.ads.map((ad) => toV1Ad(ad, t.publicUrl)),
      page: page.page,
      pageSize: page.pageSize,
      pageCount: page.pageCount,
      total: page.total,
      now: page.now,
    }),
  )!
}

/** GET /api/v1/trade-ads/:id: an open ad; 404 when a visitor cannot see it open (hidden, closed, ended). */
export async function v1Ad(t: TradingDeps, adId: number): Promise<CachedJson> {
  const answer = fromSiteAnswer<TradeAdResponse>(
    await cachedAd(t, adId),
    ({ ad, now }): V1TradeAdResponse | null =>
      ad.status === 'open' ? { ad: toV1Ad(ad, t.publicUrl), now } : null,
  )
  if (!answer) throw new AppError('NOT_FOUND', TRADING_MESSAGES.adNotFound)
  return answer
}

/**
 * GET /api/v1/traders/:username: what /u/{username} shows of a trader: the profile's public facts, the
 * reputation, the achievements and how many ads they have open. 404 as the page: nobody has the name.
 */
export async function v1Trader(deps: AppDeps, username: string): Promise<V1TraderResponse> {
  const t = tradingOf(deps)
  const { userId, profile } = await findPublicProfile(t.db, username)
  const name = profile.username ?? username
  const [reputation, earned, openAds] = await Promise.all([
    summaryOf(t.db, userId),
    achievementsOf(t.db, name),
    countAds(t, { user: name, verified: false }),
  ])
  const user = encodeURIComponent(name)
  return {
    username: name,
    displayName: profile.displayName,
    joinedAt: profile.joinedAt,
    url: `${t.publicUrl}${profilePath(name)}`,
    roblox: profile.roblox
      ? { id: profile.roblox.id, name: profile.roblox.name, displayName: profile.roblox.displayName }
      : null,
    ogBadge: profile.ogBadge,
    reputation,
    achievements: earned.achievements,
    openAds: {
      count: openAds,
      url: `${t.publicUrl}/trading?user=${user}`,
      api: `${t.publicUrl}/api/v1/trade-ads?user=${user}`,
    },
  }
}
