import { ITEM_ID_PATTERN } from '@/features/catalog/rules'
import { TRADE_TAGS, type TradeTag } from '@/features/trading/rules'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'
import { type GameId, isGameId } from '@/shared/games'
import { type TradeAdsParams, tradeAdQuery, tradeAdsQuery } from './api'

const USERNAME = /^[a-z0-9_]+$/

/** What /trading and /trading/{game} show, from the address: the game and the filters (the rest dropped). */
export function browseView(pathGame: string | undefined, search: URLSearchParams) {
  const queryGame = search.get('game') ?? ''
  const game: GameId | undefined =
    pathGame && isGameId(pathGame) ? pathGame : isGameId(queryGame) ? queryGame : undefined
  const item = (key: string) => {
    const v = search.get(key) ?? ''
    return game && ITEM_ID_PATTERN.test(v) ? v : undefined
  }
  const tag = search.get('tag') ?? ''
  const user = (search.get('user') ?? '').trim().toLowerCase()
  const page = Number.parseInt(search.get('page') ?? '1', 10)
  return {
    game,
    // An item filter needs its game: an item id is only known within one.
    has: item('has'),
    wants: item('wants'),
    tag: (TRADE_TAGS as readonly string[]).includes(tag) ? (tag as TradeTag) : undefined,
    user: USERNAME.test(user) ? user : undefined,
    verified: search.get('verified') === '1' ? true : undefined,
    page: page >= 1 && page <= 500 ? page : 1,
  } satisfies TradeAdsParams
}

export type BrowseView = ReturnType<typeof browseView>

/** The route loader of /trading and /trading/{game}: the page's one request starts with its code. */
export function prefetchTradeAds({ params, request, context }: PrefetchArgs<'game'>) {
  prefetch(context, tradeAdsQuery(browseView(params.game, new URL(request.url).searchParams)))
  return null
}

/** The route loader of /trading/ad/{id}: the ad is in the page's first HTML (the offers are the viewer's own). */
export function prefetchTradeAd({ params, context }: PrefetchArgs<'id'>) {
  const id = Number(params.id)
  if (Number.isSafeInteger(id) && id > 0) prefetch(context, tradeAdQuery(id))
  return null
}
