import { and, count, desc, eq, ne } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { profiles } from '@/features/accounts/server/public'
import { changePercent } from '@/features/catalog/rules'
import { items, itemValueChanges } from '@/features/catalog/server/public'
import type { ChangeEntry, ChangeLogResponse, ChangesQuery, ValueSource } from '@/features/value-ops/contract'
import { valueSuggestions } from '@/features/value-ops/tables'
import type { Db } from '@/platform/server/db/client'
import type { GameId } from '@/shared/games'

const suggester = alias(profiles, 'suggester')

/**
 * GET /api/changes: every change of the catalog, newest first, by game and by source. The starter
 * catalog's first points are history, not changes, and are left out.
 */
export async function listChanges(db: Db, query: ChangesQuery): Promise<ChangeLogResponse> {
  const { pageSize } = query
  const shown = and(
    query.game ? eq(itemValueChanges.gameId, query.game) : undefined,
    query.source ? eq(itemValueChanges.source, query.source) : ne(itemValueChanges.source, 'catalog'),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        change: itemValueChanges,
        itemName: items.name,
        by: profiles.username,
        suggestedBy: suggester.username,
      })
      .from(itemValueChanges)
      .innerJoin(items, and(eq(items.gameId, itemValueChanges.gameId), eq(items.id, itemValueChanges.itemId)))
      .leftJoin(profiles, eq(profiles.userId, itemValueChanges.changedBy))
      .leftJoin(valueSuggestions, eq(valueSuggestions.id, itemValueChanges.suggestionId))
      .leftJoin(suggester, eq(suggester.userId, valueSuggestions.userId))
      .where(shown)
      .orderBy(desc(itemValueChanges.changedAt), desc(itemValueChanges.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(itemValueChanges).where(shown),
  ])
  return {
    changes: rows.map(
      ({ change, itemName, by, suggestedBy }): ChangeEntry => ({
        id: change.id,
        gameId: change.gameId as GameId,
        itemId: change.itemId,
        itemName,
        at: change.changedAt.toISOString(),
        oldValue: change.oldValue,
        newValue: change.newValue,
        percent: change.oldValue === change.newValue ? null : changePercent(change.oldValue, change.newValue),
        fields: change.fields,
        reason: change.reason,
        source: change.source as ValueSource,
        by: change.source === 'official-rap' ? null : by,
        suggestion: change.suggestionId === null ? null : { id: change.suggestionId, by: suggestedBy },
      }),
    ),
    page: query.page,
    pageSize,
    total: total?.n ?? 0,
  }
}
