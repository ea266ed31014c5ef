import { eq, sql } from 'drizzle-orm'
import {
  type ShopSettings,
  type ShopSettingsRequest,
  STOCK_MESSAGES,
  STOCK_SHOPS,
  shopDefinition,
} from '@/features/stock/contract'
import { stockShopSettings } from '@/features/stock/tables'
import type { Actor } from '@/platform/server/auth/session'
import type { Db } from '@/platform/server/db/client'
import { recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import type { ReadCache } from '@/platform/server/lib/read-cache'
import type { StockGameId } from '@/shared/games'

export interface ShopDeps {
  db: Db
  cache: ReadCache
}

/** Cache keys of the stock feature; a shop change or a report drops the game's. */
export const STOCK_CACHE_PREFIX = 'stock:'

/** A game's shops: the written defaults with an admin's changes (name, clock, switched off). */
export async function loadShopSettings(db: Db, game: StockGameId): Promise<ShopSettings[]> {
  const rows = await db.select().from(stockShopSettings).where(eq(stockShopSettings.gameId, game))
  return STOCK_SHOPS[game].map((shop) => {
    const row = rows.find((r) => r.shop === shop.id)
    return {
      id: shop.id,
      name: row?.name ?? shop.name,
      kind: shop.kind,
      periodSeconds: row?.periodSeconds ?? shop.periodSeconds,
      offsetSeconds: row?.offsetSeconds ?? shop.offsetSeconds,
      enabled: row?.enabled ?? true,
    }
  })
}

/** The same, from the read cache (checking a report needs them on every post). */
export function shopSettingsOf({ db, cache }: ShopDeps, game: StockGameId): Promise<ShopSettings[]> {
  return cache.value(`${STOCK_CACHE_PREFIX}shops:${game}`, () => loadShopSettings(db, game))
}

/** An admin changes a shop's name, clock or whether it is shown (no deploy needed); audited. */
export async function updateShopSettings(
  deps: ShopDeps,
  actor: Actor,
  game: StockGameId,
  shop: string,
  change: ShopSettingsRequest,
): Promise<ShopSettings> {
  if (!shopDefinition(game, shop)) throw new AppError('NOT_FOUND', STOCK_MESSAGES.unknownShop(shop, game))
  await deps.db.transaction(async (tx) => {
    const values = {
      gameId: game,
      shop,
      ...(change.name !== undefined && { name: change.name }),
      ...(change.periodSeconds !== undefined && { periodSeconds: change.periodSeconds }),
      ...(change.offsetSeconds !== undefined && { offsetSeconds: change.offsetSeconds }),
      ...(change.enabled !== undefined && { enabled: change.enabled }),
      updatedBy: actor.id,
    }
    const { gameId: _, shop: __, ...set } = values
    await tx
      .insert(stockShopSettings)
      .values(values)
      .onConflictDoUpdate({
        target: [stockShopSettings.gameId, stockShopSettings.shop],
        set: { ...set, updatedAt: sql`now()` },
      })
    await recordAudit(tx, {
      action: 'stock.shop-update',
      actor,
      detail: { game, shop, ...change },
      ip: actor.ip,
    })
    await deps.cache.invalidate(`${STOCK_CACHE_PREFIX}shops:${game}`, tx)
  })
  const updated = (await shopSettingsOf(deps, game)).find((s) => s.id === shop)
  if (!updated) throw new AppError('NOT_FOUND', STOCK_MESSAGES.unknownShop(shop, game))
  return updated
}
