import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  type AlertRule,
  type AlertRuleConditions,
  type AlertRuleRequest,
  type AlertRulesResponse,
  describeRule,
  ruleMatches,
} from '@/features/alerts/contract'
import { alertRules } from '@/features/alerts/tables'
import { type CatalogDeps, itemsWithNotes } from '@/features/catalog/server/public'
import {
  STOCK_ITEM_CATEGORIES,
  STOCK_MESSAGES,
  STOCK_RARITIES,
  shopDefinition,
} from '@/features/stock/contract'
import { AppError } from '@/platform/server/lib/errors'
import type { StockGameId } from '@/shared/games'

type RuleRow = typeof alertRules.$inferSelect

/** How many catalog items of the rule's game fit it (in any shop of the game, or its shop). */
async function matchCount(catalog: CatalogDeps, rule: AlertRuleConditions): Promise<number> {
  const items = await itemsWithNotes(catalog, rule.game)
  return items.filter(({ item, notes }) =>
    ruleMatches(rule, { category: item.category, rarity: item.rarity, notes }),
  ).length
}

const conditionsOf = (row: RuleRow): AlertRuleConditions => ({
  game: row.gameId as StockGameId,
  shop: row.shop,
  category: row.category,
  rarity: row.rarity,
  rarerThan: row.rarerThan,
})

function present(row: RuleRow, matches: number): AlertRule {
  const conditions = conditionsOf(row)
  return {
    id: row.id,
    game: conditions.game,
    shop: row.shop,
    category: row.category,
    rarity: row.rarity,
    rarerThan: row.rarerThan,
    email: row.email,
    discord: row.discord,
    description: describeRule(conditions),
    matches,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The user's rules, newest first, each with what it reads as and how many items fit it now. */
export async function listRules(catalog: CatalogDeps, userId: string): Promise<AlertRulesResponse> {
  const rows = await catalog.db
    .select()
    .from(alertRules)
    .where(eq(alertRules.userId, userId))
    .orderBy(desc(alertRules.createdAt), desc(alertRules.id))
  const rules: AlertRule[] = []
  for (const row of rows) rules.push(present(row, await matchCount(catalog, conditionsOf(row))))
  return { rules }
}

const refuse = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fields: { [field]: message } })

/** A column equal to a value, or null when the rule leaves it open. */
const same = <T>(column: Parameters<typeof eq>[0], value: T | undefined): SQL =>
  value === undefined ? isNull(column) : eq(column, value)

/**
 * Adds a rule: its shop, category and rarity must be the game's, some catalog item must fit it, the
 * user may not have the same one already, nor more than ALERT_LIMITS.maxRules (checked under the
 * user's lock, so parallel requests cannot pass them together).
 */
export async function createRule(
  catalog: CatalogDeps,
  userId: string,
  request: AlertRuleRequest,
): Promise<AlertRule> {
  const { game, shop, category, rarity, rarerThan } = request
  if (shop !== undefined && !shopDefinition(game, shop))
    throw refuse('shop', STOCK_MESSAGES.unknownShop(shop, game))
  if (category !== undefined && !STOCK_ITEM_CATEGORIES[game].includes(category))
    throw refuse('category', STOCK_MESSAGES.unknownCategory(category))
  if (rarity !== undefined && !STOCK_RARITIES[game].includes(rarity))
    throw refuse('rarity', STOCK_MESSAGES.unknownRarity(rarity))
  const conditions: AlertRuleConditions = { game, shop, category, rarity, rarerThan }
  const matches = await matchCount(catalog, conditions)
  if (matches === 0) throw new AppError('VALIDATION_FAILED', ALERT_MESSAGES.ruleMatchesNothing)

  const row = await catalog.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alert-rules:${userId}`}))`)
    const [twin] = await tx
      .select({ id: alertRules.id })
      .from(alertRules)
      .where(
        and(
          eq(alertRules.userId, userId),
          eq(alertRules.gameId, game),
          same(alertRules.shop, shop),
          same(alertRules.category, category),
          same(alertRules.rarity, rarity),
          same(alertRules.rarerThan, rarerThan),
        ),
      )
    if (twin) throw new AppError('CONFLICT', ALERT_MESSAGES.ruleExists)
    const [held] = await tx.select({ n: count() }).from(alertRules).where(eq(alertRules.userId, userId))
    if ((held?.n ?? 0) >= ALERT_LIMITS.maxRules) throw new AppError('CONFLICT', ALERT_MESSAGES.tooManyRules)
    const [created] = await tx
      .insert(alertRules)
      .values({
        userId,
        gameId: game,
        shop: shop ?? null,
        category: category ?? null,
        rarity: rarity ?? null,
        rarerThan: rarerThan ?? null,
        email: request.email ?? true,
        discord: request.discord ?? true,
      })
      .returning()
    return created!
  })
  return present(row, matches)
}

/** Removes one of the user's rules; another user's rule is as unknown as a missing one (404). */
export async function deleteRule(catalog: CatalogDeps, userId: string, id: number): Promise<void> {
  const removed = await catalog.db
    .delete(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
    .returning({ id: alertRules.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND', ALERT_MESSAGES.ruleNotFound)
}
