import { z } from 'zod'
import { formatValue } from '@/shared/format-value'
import { GAME_IDS, type GameId } from '@/shared/games'
import { amountLabel } from '../catalog/amounts'
import { type Game, type ItemSummary, tradeQuerySchema } from '../catalog/contract'
import { describeModifiers } from '../catalog/gag-modifiers'
import { categoryLabel, NO_TREND, trendLabel } from '../catalog/labels'
import {
  type FairBand,
  isAmountSlot,
  type Trade,
  type TradeResult,
  type TradeSlot,
  tradeStatus,
  unitValue,
  type Verdict,
} from '../catalog/wfl'
import { formatTradeParam } from '../catalog/wfl-links'

/**
 * Link-preview images (Open Graph): what an item page's and a shared trade's image show, and their
 * addresses. The page heads put the address in `og:image`; the image routes draw the same facts, so the
 * address changes (`v`) whenever the picture would.
 */

/** The size Discord, X and others show as a large preview. */
export const PREVIEW_IMAGE = { width: 1200, height: 630 } as const
/** Where the images are served. */
export const PREVIEW_ROOT = '/og'
/** Rows of items one side of a trade image lists; more than that reads "+N more" on the last row. */
export const PREVIEW_TRADE_ROWS = 4
/** Bumped when the pictures are drawn differently, so every address (and cached copy) changes. */
const PREVIEW_REVISION = 1

/** What an item's image shows. */
export interface ItemPreview {
  game: string
  name: string
  category: string | null
  rarity: string | null
  /** As the site writes values (3.91B), or "no value yet". */
  value: string
  /** 0..10; null where the game (or the item) has none. */
  demand: number | null
  trend: string | null
  /** The item's image address without its size, or null (its initials tile). */
  image: string | null
  retired: boolean
}

type PreviewItem = Partial<Pick<ItemSummary, 'gameId'>> &
  Pick<
    ItemSummary,
    | 'id'
    | 'name'
    | 'category'
    | 'rarity'
    | 'value'
    | 'variants'
    | 'demand'
    | 'trend'
    | 'inGamePrice'
    | 'image'
    | 'retired'
  >

export function itemPreview(game: Pick<Game, 'name'>, item: PreviewItem): ItemPreview {
  return {
    game: game.name,
    name: item.name,
    category: categoryLabel(item.category),
    rarity: item.rarity,
    value: formatValue(item.value),
    demand: item.demand,
    trend: trendLabel(item) === NO_TREND ? null : trendLabel(item),
    image: item.image,
    retired: item.retired,
  }
}

/** One slot of a side, as its row shows it. */
export interface TradePreviewRow {
  name: string
  quantity: number
  /**
   * The variant's short label (e.g. "Permanent fruit"), or a Grow a Garden crop's modifiers
   * ("0.55 kg · Gold · Shocked · Wet"); null for the headline value.
   */
  variant: string | null
  /** The slot's worth (unit value × quantity), null when it has no value (left out of the total). */
  value: string | null
  image: string | null
  rarity: string | null
}

export interface TradePreviewSide {
  rows: TradePreviewRow[]
  /** Slots not listed. */
  more: number
  total: string
}

/** What a shared trade's image shows: the calculator's totals and verdict for the link's trade and band. */
export interface TradePreview {
  game: string
  band: FairBand
  give: TradePreviewSide
  get: TradePreviewSide
  /** The calculator's verdict, or why it has none (a side is empty, or has nothing with a value). */
  status: Verdict | 'empty' | 'unvalued'
  /** With a verdict: get − give (`+3.24B`) and its percent of the larger side (`+82.9%`), as the calculator writes them. */
  difference: string | null
  percent: string | null
  /** Blox Fruits would refuse the trade for its Beli limit. */
  beliRefused: boolean
}

/** "Permanent fruit (bought with Robux, …)" -> "Permanent fruit", as the calculator shortens it. */
const shortLabel = (label: string) => label.replace(/\s*\(.*$/, '')

const signed = (n: number, text: string) => `${n >= 0 ? '+' : '−'}${text}`

function previewSide(
  slots: readonly TradeSlot[],
  items: ReadonlyMap<string, PreviewItem>,
  game: PreviewGame,
  total: number,
): TradePreviewSide {
  const shown = slots.length > PREVIEW_TRADE_ROWS ? PREVIEW_TRADE_ROWS - 1 : slots.length
  const rows = slots.slice(0, shown).map((slot): TradePreviewRow => {
    if (isAmountSlot(slot)) {
      const name = amountLabel(game.id ?? '', slot.amount)
      return { name, quantity: 1, variant: null, value: formatValue(slot.amount), image: null, rarity: null }
    }
    const item = items.get(slot.itemId)
    const unit = item ? unitValue(item, slot) : null
    const variant = slot.variant ? shortLabel(game.variantLabels?.[slot.variant] ?? slot.variant) : null
    return {
      name: item?.name ?? slot.itemId,
      quantity: slot.quantity,
      variant: slot.modifiers ? describeModifiers(slot.modifiers) || variant : variant,
      value: unit === null ? null : formatValue(unit * slot.quantity),
      image: item?.image ?? null,
      rarity: item?.rarity ?? null,
    }
  })
  return { rows, more: slots.length - shown, total: formatValue(total) }
}

/** The game of a trade's image: its name, variant labels and (for typed amounts' unit) its id. */
type PreviewGame = Pick<Game, 'name' | 'variantLabels'> & { id?: string }

/**
 * A trade's image, from the trade the calculator shows (unknown items and variants already left out),
 * its items and its evaluation (`evaluateTrade` with the link's band).
 */
export function tradePreview(
  game: PreviewGame,
  trade: Trade,
  items: ReadonlyMap<string, PreviewItem>,
  result: TradeResult,
  band: FairBand,
): TradePreview {
  const status = tradeStatus(trade, result)
  const judged = result.verdict !== null
  return {
    game: game.name,
    band,
    give: previewSide(trade.give, items, game, result.give.total),
    get: previewSide(trade.get, items, game, result.get.total),
    status,
    difference: judged ? signed(result.difference, formatValue(Math.abs(result.difference))) : null,
    percent: judged ? signed(result.percent, `${Math.abs(result.percent).toFixed(1)}%`) : null,
    beliRefused: result.beliRefused,
  }
}

/** A short fingerprint of what an image shows (53-bit cyrb53 of its JSON, base 36): its address's `v`. */
export function previewVersion(preview: ItemPreview | TradePreview): string {
  const text = `${PREVIEW_REVISION}:${JSON.stringify(preview)}`
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

/** An item page's image: `/og/items/blox-fruits/kitsune.png?v=…`. */
export function itemPreviewPath(gameId: GameId, itemId: string, version: string): string {
  return `${PREVIEW_ROOT}/items/${gameId}/${itemId}.png?v=${version}`
}

/**
 * A shared trade's image: the share link's query (`give`, `get`, `band`) with its game, e.g.
 * `/og/trade.png?game=blox-fruits&give=kitsune,dough*2&get=west-dragon~permanent&band=10&v=…`.
 */
export function tradePreviewPath(gameId: GameId, trade: Trade, band: FairBand, version: string): string {
  const params: [string, string][] = [['game', gameId]]
  if (trade.give.length > 0) params.push(['give', formatTradeParam(trade.give)])
  if (trade.get.length > 0) params.push(['get', formatTradeParam(trade.get)])
  params.push(['band', String(band)], ['v', version])
  const query = params
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replaceAll('%2C', ',').replaceAll('%40', '@')}`)
    .join('&')
  return `${PREVIEW_ROOT}/trade.png?${query}`
}

const versionParam = z
  .string()
  .regex(/^[0-9a-z]{1,16}$/, 'v must be the version of an image address')
  .optional()

/** GET /og/items/:game/:item.png?v= */
export const itemPreviewQuerySchema = z.strictObject({ v: versionParam })

/**
 * GET /og/trade.png: a share link's query (its `tab=wfl` is allowed) with the game; every slot must be
 * well-formed (a 400 names the others), and the trade must hold an item.
 */
export const tradePreviewQuerySchema = tradeQuerySchema
  .extend({
    game: z.enum(GAME_IDS, { error: `game must be one of ${GAME_IDS.join(', ')}` }),
    tab: z.literal('wfl', { error: 'tab must be wfl' }).optional(),
    v: versionParam,
  })
  .refine((q) => q.give.length + q.get.length > 0, {
    message: 'A shared trade needs an item',
    path: ['give'],
  })
export type TradePreviewQuery = z.output<typeof tradePreviewQuerySchema>

/** GET /og/items/:game/:file: `file` is the item's id and `.png`; anything else is no image (404). */
export const itemPreviewParamsSchema = z
  .object({
    game: z.enum(GAME_IDS),
    file: z.string().regex(/^[a-z0-9-]{1,120}\.png$/),
  })
  .transform(({ game, file }) => ({ game, item: file.slice(0, -'.png'.length) }))
