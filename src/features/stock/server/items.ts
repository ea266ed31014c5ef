import { addItem, type CatalogDeps } from '@/features/catalog/server/public'
import {
  type NewStockItemRequest,
  STOCK_ITEM_CATEGORIES,
  STOCK_MESSAGES,
  STOCK_RARITIES,
  slugOf,
} from '@/features/stock/contract'
import type { Actor } from '@/platform/server/auth/session'
import { recordAudit } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import type { StockGameId } from '@/shared/games'

/**
 * A stock manager adds an item the catalog lacks (a new cosmetic, a new fruit) so it can be reported;
 * it has no value until the value team gives it one. Audited; 409 when the catalog has it already.
 */
export async function addStockItem(
  deps: CatalogDeps,
  actor: Actor,
  game: StockGameId,
  input: Required<NewStockItemRequest>,
): Promise<{ id: string; name: string }> {
  const invalid = (message: string, field: string) =>
    new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } })
  if (!STOCK_ITEM_CATEGORIES[game].includes(input.category))
    throw invalid(STOCK_MESSAGES.unknownCategory(input.category), 'category')
  if (!STOCK_RARITIES[game].includes(input.rarity))
    throw invalid(STOCK_MESSAGES.unknownRarity(input.rarity), 'rarity')
  const id = slugOf(input.name)
  if (!/[a-z]/.test(id)) throw invalid('The name needs letters', 'name')
  const item = { gameId: game, id, name: input.name, category: input.category, rarity: input.rarity }
  const added = await addItem(deps, item, (tx) =>
    recordAudit(tx, {
      action: 'stock.item-add',
      actor,
      detail: { game, item: id, name: input.name },
      ip: actor.ip,
    }),
  )
  if (!added) throw new AppError('CONFLICT', STOCK_MESSAGES.itemExists(input.name))
  return { id, name: input.name }
}
