/**
 * Pure rules of the alert pages: what one tap watches, how a cached watchlist changes, and what the rule
 * form sends.
 */
import type { AlertRuleRequest, Watch, WatchlistResponse, WatchRequest } from '@/features/alerts/contract'
import type { StockGameId } from '@/shared/games'

export { hasRestocks, watchAllRequest } from '@/features/alerts/rules'

/** What the watch control needs to know of an item. */
export interface WatchTarget {
  game: string
  item: string
  name: string
  category: string | null
  rarity?: string | null
}

/** The watch as the server will most likely answer it, shown until it does. */
export function guessWatch(target: WatchTarget, request: WatchRequest, now = new Date()): Watch {
  return {
    game: target.game as Watch['game'],
    item: target.item,
    name: target.name,
    category: target.category,
    rarity: target.rarity ?? null,
    restock: request.restock ?? false,
    value: request.value ?? false,
    email: request.email ?? true,
    discord: request.discord ?? true,
    createdAt: now.toISOString(),
  }
}

export const findWatch = (list: WatchlistResponse | undefined, game: string, item: string) =>
  list?.watches.find((w) => w.game === game && w.item === item) ?? null

/** The list with one item's watch replaced, added (newest first) or removed (`watch` null). */
export function putWatch(
  list: WatchlistResponse,
  game: string,
  item: string,
  watch: Watch | null,
): WatchlistResponse {
  const at = list.watches.findIndex((w) => w.game === game && w.item === item)
  if (!watch) return at < 0 ? list : { watches: list.watches.filter((_, i) => i !== at) }
  if (at < 0) return { watches: [watch, ...list.watches] }
  return { watches: list.watches.map((w, i) => (i === at ? watch : w)) }
}

/** A watch changed by a partial PUT; with neither restocks nor value changes it is gone. */
export function changeWatch(watch: Watch, change: WatchRequest): Watch | null {
  const next = { ...watch, ...change }
  return next.restock || next.value ? next : null
}

/** The rule form's fields, as typed. */
export const EMPTY_RULE_FORM = { shop: '', category: '', rarity: '', rarerThan: '' }
export type RuleForm = typeof EMPTY_RULE_FORM

/** The request of the rule form: only the conditions given (the server says what is wrong). */
export function ruleRequest(game: StockGameId, form: RuleForm): AlertRuleRequest {
  const rarerThan = form.rarerThan.trim()
  return {
    game,
    ...(form.shop && { shop: form.shop }),
    ...(form.category && { category: form.category }),
    ...(form.rarity && { rarity: form.rarity }),
    ...(rarerThan && { rarerThan: Number(rarerThan) }),
  }
}
