import {
  type ItemPreview,
  itemPreview,
  previewVersion,
  type TradePreview,
  type TradePreviewQuery,
  tradePreview,
} from '@/features/catalog/link-previews'
import {
  type CatalogDeps,
  evaluateSharedTrade,
  findItemPageFacts,
  listGames,
} from '@/features/catalog/server/public'
import { readItemImage } from '@/features/value-ops/server/public'
import { AppError } from '@/platform/server/lib/errors'
import type { GameId } from '@/shared/games'
import { drawItemPreview, drawTradePreview } from './cards'

/**
 * A preview image to send: its ETag (the fingerprint of what it shows, so a value change is a new
 * one) and a way to get its PNG, drawn once and kept while it is asked for.
 */
export interface PreviewImage {
  etag: string
  png(): Promise<Buffer>
}

/** Drawn images, least recently used first: at most `max` (each 40-150 KB). */
class ImageCache {
  private readonly entries = new Map<string, Promise<Buffer>>()
  constructor(private readonly max: number) {}

  get(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key)
    this.entries.delete(key)
    const value = hit ?? draw()
    this.entries.set(key, value)
    if (!hit) value.catch(() => this.entries.delete(key)) // never keep a failure
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
    return value
  }
}

/**
 * Keyed by everything an image shows (the item's name, value, demand, trend, image address…), not by
 * its address: a changed value draws a new image; the catalog's own cache, dropped on every value
 * write, gives the current facts.
 */
const drawn = new ImageCache(128)

/** The item's own picture (its 256 px WebP in the database), or null. */
async function pictureOf(catalog: CatalogDeps, gameId: GameId, image: string | null): Promise<Buffer | null> {
  const file = image?.split('/').at(-1)
  return file ? readItemImage(catalog, gameId, `${file}-256.webp`) : null
}

function imageOf(
  kind: string,
  preview: ItemPreview | TradePreview,
  draw: () => Promise<Buffer>,
): PreviewImage {
  const key = `${kind}:${JSON.stringify(preview)}`
  return { etag: `"${previewVersion(preview)}"`, png: () => drawn.get(key, draw) }
}

/** GET /og/items/:game/:item.png — 404 for an item the game does not have. */
export async function findItemPreviewImage(
  catalog: CatalogDeps,
  gameId: GameId,
  itemId: string,
): Promise<PreviewImage> {
  const found = await findItemPageFacts(catalog, gameId, itemId)
  if (!found) throw new AppError('NOT_FOUND', 'Item not found')
  const preview = itemPreview(found.game, found.item)
  return imageOf('item', preview, async () =>
    drawItemPreview(preview, await pictureOf(catalog, gameId, preview.image)),
  )
}

/**
 * GET /og/trade.png — the trade as the calculator evaluates it; an unknown item or variant is a 400
 * naming it (the page heads link only trades they have cleaned of those).
 */
export async function findTradePreviewImage(
  catalog: CatalogDeps,
  query: TradePreviewQuery,
): Promise<PreviewImage> {
  const { game: gameId, give, get, band } = query
  const [evaluated, games] = await Promise.all([
    evaluateSharedTrade(catalog, gameId, { give, get, band }),
    listGames(catalog),
  ])
  const game = games.find((g) => g.id === gameId)
  if (!game) throw new AppError('NOT_FOUND', 'Unknown game')
  const items = new Map(evaluated.items.map((item) => [item.id, item]))
  const preview = tradePreview(game, evaluated.trade, items, evaluated.result, band)
  return imageOf('trade', preview, async () => {
    const images = [...preview.give.rows, ...preview.get.rows].flatMap((row) =>
      row.image ? [row.image] : [],
    )
    const pictures = new Map<string, Buffer>()
    await Promise.all(
      [...new Set(images)].map(async (image) => {
        const bytes = await pictureOf(catalog, gameId, image)
        if (bytes) pictures.set(image, bytes)
      }),
    )
    return drawTradePreview(preview, pictures)
  })
}
