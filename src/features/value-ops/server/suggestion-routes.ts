import { type Context, Hono } from 'hono'
import { catalogOf, type GameEnv, withGame } from '@/features/catalog/server/public'
import {
  approveRequestSchema,
  rejectRequestSchema,
  type Suggestion,
  type SuggestionListResponse,
  suggestionIdParamSchema,
  suggestionRequestSchema,
  suggestionsQuerySchema,
  voteRequestSchema,
} from '@/features/value-ops/contract'
import { permissionsOf } from '@/platform/server/auth/roles'
import {
  requireUser,
  type Session,
  type SessionEnv,
  type UserEnv,
  withSession,
} from '@/platform/server/auth/session'
import type { AppDeps } from '@/platform/server/context'
import { limitsFor } from '@/platform/server/lib/rate-limit'
import { jsonBody, paramsOf, queryParams } from '@/platform/server/lib/validate'
import {
  assertEditsGame,
  createSuggestion,
  type Decision,
  decideSuggestion,
  listItemSuggestions,
  listSuggestions,
  SUGGESTION_LIMITS,
  type SuggestionViewer,
  suggestionGame,
  voteOnSuggestion,
} from './suggestions'

const PRIVATE = 'private, no-store'

/** The signed-in reader with what they edit (read on this request), or null for a visitor. */
async function viewerOf(
  { env, database }: AppDeps,
  session: Session | null | undefined,
): Promise<SuggestionViewer | null> {
  if (!session) return null
  const { isAdmin, valueEditorGames } = await permissionsOf(env, database.db, session.user)
  return { id: session.user.id, isAdmin, valueEditorGames }
}

/** /api/games/:game/items/:item/suggestions: an item's suggestions (public), and suggesting one. */
export const itemSuggestionRoutes = new Hono<GameEnv & SessionEnv>()
  .get('/:game/items/:item/suggestions', withGame, withSession, async (c) => {
    const { deps, gameId } = c.var
    c.header('Cache-Control', PRIVATE)
    return c.json<SuggestionListResponse>(
      await listItemSuggestions(
        catalogOf(deps),
        gameId,
        c.req.param('item'),
        await viewerOf(deps, c.var.session),
      ),
    )
  })
  .post(
    '/:game/items/:item/suggestions',
    withGame,
    requireUser,
    jsonBody(suggestionRequestSchema),
    async (c) => {
      const { deps, gameId } = c.var
      const userId = (c.var as UserEnv['Variables']).session.user.id
      const suggestion = await createSuggestion(
        catalogOf(deps),
        userId,
        gameId,
        c.req.param('item'),
        c.req.valid('json'),
      )
      return c.json<Suggestion>(suggestion, 201)
    },
  )

/**
 * 403 unless the signed-in user edits the values of the suggestion's game (404: no such suggestion);
 * the editor otherwise.
 */
async function requireEditorOf(c: Context<UserEnv>, id: number): Promise<SuggestionViewer> {
  const gameId = await suggestionGame(c.var.deps.database.db, id)
  const editor = (await viewerOf(c.var.deps, c.var.session))!
  assertEditsGame(editor.valueEditorGames, gameId)
  return editor
}

async function decide(c: Context<UserEnv>, id: number, decision: Decision) {
  const editor = await requireEditorOf(c, id)
  return c.json<Suggestion>(await decideSuggestion(catalogOf(c.var.deps), editor, id, decision))
}

/** /api/suggestions: the list of /values/suggestions, votes, and editors' decisions. */
export const suggestionRoutes = new Hono<SessionEnv>()
  .get('/', withSession, queryParams(suggestionsQuerySchema), async (c) => {
    c.header('Cache-Control', PRIVATE)
    return c.json<SuggestionListResponse>(
      await listSuggestions(
        catalogOf(c.var.deps),
        c.req.valid('query'),
        await viewerOf(c.var.deps, c.var.session),
      ),
    )
  })
  .put(
    '/:id/vote',
    requireUser,
    paramsOf(suggestionIdParamSchema),
    jsonBody(voteRequestSchema),
    async (c) => {
      const { deps } = c.var as UserEnv['Variables']
      const limit = limitsFor(SUGGESTION_LIMITS, deps.limits, 'value-ops').votesPerUser
      const { id } = c.req.valid('param')
      const suggestion = await voteOnSuggestion(
        catalogOf(deps),
        (await viewerOf(deps, c.var.session))!,
        id,
        c.req.valid('json').vote,
        limit,
      )
      return c.json<Suggestion>(suggestion)
    },
  )
  .post(
    '/:id/approve',
    requireUser,
    paramsOf(suggestionIdParamSchema),
    jsonBody(approveRequestSchema),
    async (c) =>
      decide(c as unknown as Context<UserEnv>, c.req.valid('param').id, {
        approve: true,
        note: c.req.valid('json').note,
      }),
  )
  .post(
    '/:id/reject',
    requireUser,
    paramsOf(suggestionIdParamSchema),
    jsonBody(rejectRequestSchema),
    async (c) =>
      decide(c as unknown as Context<UserEnv>, c.req.valid('param').id, {
        approve: false,
        note: c.req.valid('json').note,
      }),
  )
