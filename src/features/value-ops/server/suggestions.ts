import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm'
import { profiles } from '@/features/accounts/server/public'
import type { ItemSummary } from '@/features/catalog/contract'
import {
  applyItemChanges,
  type CatalogDeps,
  findItemNotes,
  findItems,
  requireItem,
} from '@/features/catalog/server/public'
import { notifyUser } from '@/features/notifications/server/public'
import { decisionRefusal } from '@/features/roles/policy'
import { requireGoodStanding } from '@/features/roles/server/public'
import {
  type NewSuggestion,
  type Suggestion,
  type SuggestionListResponse,
  type SuggestionsQuery,
  VALUE_LIMITS,
  VALUE_MESSAGES,
  type VoteRequest,
} from '@/features/value-ops/contract'
import { suggestionVotes, valueSuggestions } from '@/features/value-ops/tables'
import type { Db } from '@/platform/server/db/client'
import { callHook } from '@/platform/server/hooks'
import type { DbOrTx } from '@/platform/server/lib/audit'
import { AppError } from '@/platform/server/lib/errors'
import { hitRateLimit, type Limit } from '@/platform/server/lib/rate-limit'
import { formatValue } from '@/shared/format-value'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { suggestionApproved } from './hooks'

type SuggestionRow = typeof valueSuggestions.$inferSelect

/** The written limits of suggestions (tests override them by these names under 'value-ops'). */
export const SUGGESTION_LIMITS = {
  votesPerUser: { max: VALUE_LIMITS.votesPerMinute, windowSeconds: 60 },
} satisfies Record<string, Limit>

/** How many suggestions one page of /values/suggestions shows. */
export const SUGGESTIONS_PAGE_SIZE = 20
/** How many suggestions an item page lists (the open ones first, then the latest decided). */
const ITEM_SUGGESTIONS_MAX = 50

const DAY_MS = 24 * 60 * 60 * 1000

/** The item page's anchor of the suggestions section. */
export const suggestionsLink = (gameId: string, itemId: string) => `/values/${gameId}/${itemId}#suggest`

const notEditorOf = (gameId: GameId) => `Only value editors of ${GAME_NAMES[gameId]} can do this.`

/** Who reads suggestions: a signed-in user, whether an admin, and the games whose values they edit. */
export interface SuggestionViewer {
  id: string
  isAdmin: boolean
  valueEditorGames: readonly GameId[]
}

/**
 * Whether the viewer may decide the suggestion: an editor of its game who is not its author (the
 * deciding rule, `decisionRefusal` in roles/policy.ts; null: they may). Not an editor: they decide nothing.
 */
function refusalOf(viewer: SuggestionViewer, row: SuggestionRow): string | null {
  const gameId = row.gameId as GameId
  if (!viewer.valueEditorGames.includes(gameId)) return notEditorOf(gameId)
  const refusal = decisionRefusal(viewer, { people: [row.userId], targetIsStaff: false })
  return refusal === null ? null : VALUE_MESSAGES.ownDecision
}

/** A suggestion's row with the facts every list shows: its author's username and its vote counts. */
function selection(viewerId: string | null) {
  const votes = (vote: 1 | -1) =>
    sql<number>`(select count(*)::int from ${suggestionVotes} where ${suggestionVotes.suggestionId} = ${valueSuggestions.id} and ${suggestionVotes.vote} = ${vote})`
  return {
    row: valueSuggestions,
    by: profiles.username,
    up: votes(1),
    down: votes(-1),
    myVote: viewerId
      ? sql<number>`coalesce((select ${suggestionVotes.vote}::int from ${suggestionVotes} where ${suggestionVotes.suggestionId} = ${valueSuggestions.id} and ${suggestionVotes.userId} = ${viewerId}), 0)`
      : sql<number>`0`,
  }
}

type Selected = { row: SuggestionRow; by: string | null; up: number; down: number; myVote: number }

async function selectSuggestions(
  db: Db,
  viewerId: string | null,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset = 0,
): Promise<Selected[]> {
  return db
    .select(selection(viewerId))
    .from(valueSuggestions)
    .leftJoin(profiles, eq(profiles.userId, valueSuggestions.userId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
}

/** The item facts of suggestions (name, value now), one in-memory catalog lookup per game. */
async function itemsOf(catalog: CatalogDeps, rows: Selected[]) {
  const idsByGame = new Map<GameId, Set<string>>()
  for (const { row } of rows) {
    const game = row.gameId as GameId
    idsByGame.set(game, (idsByGame.get(game) ?? new Set()).add(row.itemId))
  }
  const found = new Map<string, ItemSummary>()
  for (const [game, ids] of idsByGame)
    for (const [id, item] of await findItems(catalog, game, [...ids])) found.set(`${game}/${id}`, item)
  return found
}

function present(s: Selected, item: ItemSummary | undefined, viewer: SuggestionViewer | null): Suggestion {
  const { row } = s
  return {
    id: row.id,
    gameId: row.gameId as GameId,
    itemId: row.itemId,
    itemName: item?.name ?? row.itemId,
    currentValue: item?.value ?? null,
    value: row.value,
    reason: row.reason,
    evidenceUrl: row.evidenceUrl,
    status: row.status as Suggestion['status'],
    note: row.note,
    by: s.by,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    up: s.up,
    down: s.down,
    myVote: s.myVote,
    mine: viewer !== null && row.userId === viewer.id,
    mayDecide: viewer !== null && refusalOf(viewer, row) === null,
  }
}

async function presentAll(catalog: CatalogDeps, rows: Selected[], viewer: SuggestionViewer | null) {
  const found = await itemsOf(catalog, rows)
  return rows.map((s) => present(s, found.get(`${s.row.gameId}/${s.row.itemId}`), viewer))
}

/** One suggestion as the viewer sees it; 404 when there is none with this id. */
export async function findSuggestion(
  catalog: CatalogDeps,
  id: number,
  viewer: SuggestionViewer | null,
): Promise<Suggestion> {
  const [row] = await selectSuggestions(catalog.db, viewer?.id ?? null, eq(valueSuggestions.id, id), [], 1)
  if (!row) throw new AppError('NOT_FOUND', 'Suggestion not found')
  return (await presentAll(catalog, [row], viewer))[0]!
}

/** An item's suggestions for its page: the open ones first (newest first), then the latest decided. */
export async function listItemSuggestions(
  catalog: CatalogDeps,
  gameId: GameId,
  itemId: string,
  viewer: SuggestionViewer | null,
): Promise<SuggestionListResponse> {
  await requireItem(catalog, gameId, itemId)
  const where = and(eq(valueSuggestions.gameId, gameId), eq(valueSuggestions.itemId, itemId))
  const rows = await selectSuggestions(
    catalog.db,
    viewer?.id ?? null,
    where,
    [
      sql`(${valueSuggestions.status} = 'pending') desc`,
      desc(valueSuggestions.createdAt),
      desc(valueSuggestions.id),
    ],
    ITEM_SUGGESTIONS_MAX,
  )
  const [total] = await catalog.db.select({ n: count() }).from(valueSuggestions).where(where)
  return {
    suggestions: await presentAll(catalog, rows, viewer),
    page: 1,
    pageSize: ITEM_SUGGESTIONS_MAX,
    total: total?.n ?? 0,
  }
}

/** One page of suggestions of a status (of one game or all): open ones newest first, decided ones latest decided first. */
export async function listSuggestions(
  catalog: CatalogDeps,
  query: SuggestionsQuery,
  viewer: SuggestionViewer | null,
): Promise<SuggestionListResponse> {
  const where = and(
    eq(valueSuggestions.status, query.status),
    query.game ? eq(valueSuggestions.gameId, query.game) : undefined,
  )
  const order =
    query.status === 'pending'
      ? [desc(valueSuggestions.createdAt), desc(valueSuggestions.id)]
      : [desc(valueSuggestions.decidedAt), desc(valueSuggestions.id)]
  const size = SUGGESTIONS_PAGE_SIZE
  const rows = await selectSuggestions(
    catalog.db,
    viewer?.id ?? null,
    where,
    order,
    size,
    (query.page - 1) * size,
  )
  const [total] = await catalog.db.select({ n: count() }).from(valueSuggestions).where(where)
  return {
    suggestions: await presentAll(catalog, rows, viewer),
    page: query.page,
    pageSize: size,
    total: total?.n ?? 0,
  }
}

/** 403 unless the account is in good standing. Returns the user's username (null: none chosen yet). */
const activeUser = (db: Db, userId: string) => requireGoodStanding(db, userId, VALUE_MESSAGES.suspended)

/**
 * A user suggests a value for an item: they need a username and an account in good standing; one open
 * suggestion per user and item (409), at most 10 suggestions in 24 hours (429, counted under the user's
 * lock so parallel requests cannot pass it together). A retired item takes none (409).
 */
export async function createSuggestion(
  catalog: CatalogDeps,
  userId: string,
  gameId: GameId,
  itemId: string,
  body: NewSuggestion,
): Promise<Suggestion> {
  const found = await findItemNotes(catalog, gameId, itemId)
  if (!found) {
    await requireItem(catalog, gameId, itemId) // its 404
    throw new AppError('NOT_FOUND', 'Item not found')
  }
  if (found.item.retired) throw new AppError('CONFLICT', VALUE_MESSAGES.retired)
  const { username } = await activeUser(catalog.db, userId)
  if (!username) throw new AppError('FORBIDDEN', VALUE_MESSAGES.usernameFirst)

  const id = await catalog.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`value-suggestions:${userId}`}))`)
    const since = new Date(Date.now() - DAY_MS)
    const recent = await tx
      .select({ createdAt: valueSuggestions.createdAt })
      .from(valueSuggestions)
      .where(and(eq(valueSuggestions.userId, userId), gt(valueSuggestions.createdAt, since)))
      .orderBy(asc(valueSuggestions.createdAt))
    if (recent.length >= VALUE_LIMITS.suggestionsPerDay) {
      const freeAt = recent[recent.length - VALUE_LIMITS.suggestionsPerDay]!.createdAt.getTime() + DAY_MS
      throw new AppError('RATE_LIMITED', VALUE_MESSAGES.suggestionsPerDay, {
        retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)),
      })
    }
    const [row] = await tx
      .insert(valueSuggestions)
      .values({
        gameId,
        itemId,
        userId: userId,
        value: body.value,
        reason: body.reason,
        evidenceUrl: body.evidenceUrl ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: valueSuggestions.id })
    if (!row) throw new AppError('CONFLICT', VALUE_MESSAGES.oneOpenSuggestion)
    return row.id
  })
  // Its author decides none of it, whatever they edit.
  return findSuggestion(catalog, id, { id: userId, isAdmin: false, valueEditorGames: [] })
}

/**
 * Up (1), down (-1) or no vote (0) on an open suggestion of someone else; a second vote replaces the
 * first. Limited per user (429); a suspended account cannot vote.
 */
export async function voteOnSuggestion(
  catalog: CatalogDeps,
  viewer: SuggestionViewer,
  id: number,
  vote: VoteRequest['vote'],
  limit: Limit,
): Promise<Suggestion> {
  const userId = viewer.id
  await hitRateLimit(catalog.db, `value-ops:vote:${userId}`, limit, VALUE_MESSAGES.votesTooFast)
  await activeUser(catalog.db, userId)
  const [row] = await catalog.db.select().from(valueSuggestions).where(eq(valueSuggestions.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Suggestion not found')
  if (row.userId === userId) throw new AppError('FORBIDDEN', VALUE_MESSAGES.ownSuggestion)
  if (row.status !== 'pending') throw new AppError('CONFLICT', VALUE_MESSAGES.suggestionClosed)
  const mine = and(eq(suggestionVotes.suggestionId, id), eq(suggestionVotes.userId, userId))
  if (vote === 0) await catalog.db.delete(suggestionVotes).where(mine)
  else
    await catalog.db
      .insert(suggestionVotes)
      .values({ suggestionId: id, userId: userId, vote })
      .onConflictDoUpdate({
        target: [suggestionVotes.suggestionId, suggestionVotes.userId],
        set: { vote, createdAt: sql`now()` },
      })
  return findSuggestion(catalog, id, viewer)
}

/** An editor's decision: approve (an optional note) or reject (a note). */
export type Decision = { approve: true; note?: string } | { approve: false; note: string }

/** A suggestion's game, for the check that the user edits it (404 when there is no such suggestion). */
export async function suggestionGame(db: Db, id: number): Promise<GameId> {
  const [row] = await db
    .select({ gameId: valueSuggestions.gameId })
    .from(valueSuggestions)
    .where(eq(valueSuggestions.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Suggestion not found')
  return row.gameId as GameId
}

/** 403 unless the user edits the values of this game (admins edit every game). */
export function assertEditsGame(valueEditorGames: readonly GameId[], gameId: GameId): void {
  if (!valueEditorGames.includes(gameId)) throw new AppError('FORBIDDEN', notEditorOf(gameId))
}

/** Closes an open suggestion in `tx`; 409 when it was decided meanwhile. */
async function close(
  tx: DbOrTx,
  row: SuggestionRow,
  status: 'approved' | 'rejected',
  editorId: string,
  note: string | null,
): Promise<void> {
  const closed = await tx
    .update(valueSuggestions)
    .set({ status, note, decidedBy: editorId, decidedAt: sql`now()` })
    .where(and(eq(valueSuggestions.id, row.id), eq(valueSuggestions.status, 'pending')))
    .returning({ id: valueSuggestions.id })
  if (closed.length === 0) throw new AppError('CONFLICT', VALUE_MESSAGES.suggestionClosed)
}

/**
 * An editor of the suggestion's game approves it (the item takes the suggested value: a change record
 * of source 'suggestion' that links it and credits its author) or rejects it with a note. Either way
 * the suggestion closes and its author is notified, in the one transaction. A suggestion no longer
 * open: 409; a retired item: 409; not an editor of its game, or its own author deciding it: 403
 * (`refusalOf`: another editor of the game decides).
 */
export async function decideSuggestion(
  catalog: CatalogDeps,
  editor: SuggestionViewer,
  id: number,
  decision: Decision,
): Promise<Suggestion> {
  const editorId = editor.id
  const [row] = await catalog.db.select().from(valueSuggestions).where(eq(valueSuggestions.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Suggestion not found')
  const refusal = refusalOf(editor, row)
  if (refusal) throw new AppError('FORBIDDEN', refusal)
  if (row.status !== 'pending') throw new AppError('CONFLICT', VALUE_MESSAGES.suggestionClosed)
  const gameId = row.gameId as GameId
  const found = await findItemNotes(catalog, gameId, row.itemId)
  const name = found?.item.name ?? row.itemId
  const note = decision.note?.trim() ? decision.note.trim() : null
  const notice = {
    userId: row.userId,
    kind: 'system' as const,
    gameId,
    itemId: row.itemId,
    link: suggestionsLink(gameId, row.itemId),
    dedupeKey: `suggestion:${row.id}`,
  }

  if (decision.approve) {
    await applyItemChanges(
      catalog,
      gameId,
      [{ itemId: row.itemId, patch: { value: row.value } }],
      {
        by: editorId,
        source: 'suggestion',
        reason: note ? `${row.reason} (note: ${note})` : row.reason,
        suggestionId: row.id,
      },
      async (tx) => {
        await close(tx, row, 'approved', editorId, note)
        await notifyUser(tx, {
          ...notice,
          title: `Your suggestion for ${name} was approved`,
          body: `${name} is now valued at ${formatValue(row.value)}.${note ? ` Note: ${note}` : ''}`,
        })
      },
    )
    await callHook(suggestionApproved, catalog, [row.userId])
  } else {
    await catalog.db.transaction(async (tx) => {
      await close(tx, row, 'rejected', editorId, note)
      await notifyUser(tx, {
        ...notice,
        title: `Your suggestion for ${name} was rejected`,
        body: `Your suggestion of ${formatValue(row.value)} was rejected: ${note}`,
      })
    })
  }
  return findSuggestion(catalog, id, editor)
}

/** Each trader's suggestions the value team approved, by user. */
export async function approvedSuggestionsOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)]
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ userId: valueSuggestions.userId, n: count() })
    .from(valueSuggestions)
    .where(and(inArray(valueSuggestions.userId, ids), eq(valueSuggestions.status, 'approved')))
    .groupBy(valueSuggestions.userId)
  return new Map(rows.map((r) => [r.userId, r.n]))
}
