import type { Game } from '@/features/catalog/contract'
import { ITEM_SORTS, type ItemSort } from '@/features/catalog/rules'
import { formatMonth } from '@/platform/web/lib/format'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'
import { type GameId, isGameId } from '@/shared/games'
import {
  gamesQuery,
  type ItemListParams,
  itemDetailQuery,
  itemListQuery,
  itemsByIdQuery,
  searchAllQuery,
} from './api'

const DEFAULT_GAME: GameId = 'blox-fruits'

/** "community trade values as of August 2026": what a game's starting values were, and when. */
export const startingValuesText = ({ basis, asOf }: NonNullable<Game['startingValues']>) =>
  `${basis} as of ${formatMonth(`${asOf}T00:00:00Z`)}`
export const PAGE_SIZE = 50

/** Which game and tab the address asks for (`/trade-helper/:game`, or `?game=` and `?tab=wfl`). */
export function resolveView(pathGame: string | undefined, params: URLSearchParams) {
  const queryGame = params.get('game')
  const tab: 'values' | 'wfl' = params.get('tab') === 'wfl' ? 'wfl' : 'values'
  const unknownGame = queryGame !== null && !isGameId(queryGame) ? queryGame : null
  const searchAll = tab === 'values' && !pathGame && !queryGame && Boolean(params.get('search'))
  const game: GameId | null =
    pathGame && isGameId(pathGame)
      ? pathGame
      : queryGame && isGameId(queryGame)
        ? queryGame
        : searchAll
          ? null
          : DEFAULT_GAME
  return { game, tab, unknownGame }
}

/** The values list's filters, sort and page from the address. */
export function listView(params: URLSearchParams) {
  const sortParam = params.get('sort') ?? ''
  return {
    search: params.get('search') ?? '',
    category: params.get('category') ?? undefined,
    rarity: params.get('rarity') ?? undefined,
    sort: ((ITEM_SORTS as readonly string[]).includes(sortParam) ? sortParam : 'value') as ItemSort,
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  }
}

export function listParams(game: GameId, view: ReturnType<typeof listView>): ItemListParams {
  return {
    game,
    search: view.search || undefined,
    category: view.category,
    rarity: view.rarity,
    sort: view.sort,
    page: view.page,
    pageSize: PAGE_SIZE,
  }
}

/** The WFL calculator's code, a chunk of its own: the values tab does not need it. */
export const loadTradeCalculator = async () => ({
  default: (await import('./components/trade-calculator')).TradeCalculator,
})

/** Route loaders: start the page's one request while its code loads (no waterfall). */
export async function prefetchValues({ params, request, context }: PrefetchArgs<'game'>) {
  const search = new URL(request.url).searchParams
  prefetch(context, gamesQuery)
  const { game, tab } = resolveView(params.game, search)
  const view = listView(search)
  if (tab === 'wfl') void loadTradeCalculator()
  if (tab === 'wfl' && game && (search.has('give') || search.has('get'))) {
    // A shared trade: its items in one request (the calculator asks for the same). The link's reader
    // comes with the calculator's rules, which the values tab does not load.
    const [{ parseTradeParam }, { slotItemIds }] = await Promise.all([
      import('@/features/catalog/wfl-links'),
      import('@/features/catalog/wfl'),
    ])
    const slots = ['give', 'get'].flatMap((side) => parseTradeParam(search.get(side)).slots)
    const ids = slotItemIds(slots).sort()
    if (ids.length > 0) prefetch(context, itemsByIdQuery(game, ids))
  }
  if (tab === 'values' && game) prefetch(context, itemListQuery(listParams(game, view)))
  if (tab === 'values' && !game && view.search) prefetch(context, searchAllQuery(view.search))
  return null
}

/** The How values are set page: every game's counts, dates and starting values. */
export function prefetchGames({ context }: PrefetchArgs) {
  prefetch(context, gamesQuery)
  return null
}

export function prefetchItem({ params, context }: PrefetchArgs<'game' | 'item'>) {
  if (params.game && params.item && isGameId(params.game))
    prefetch(context, itemDetailQuery(params.game, params.item))
  return null
}
