import { Hono } from 'hono'
import { IMPORT_GAMES, isImportGame } from '@/features/catalog/rules'
import {
  type ImportProblemsResponse,
  type ImportStatus,
  type ImportsResponse,
  VALUE_MESSAGES,
} from '@/features/value-ops/contract'
import {
  type PermittedEnv,
  requireValueEditor,
  requireValueEditorOfAny,
} from '@/platform/server/auth/session'
import { AppError } from '@/platform/server/lib/errors'
import { noStore } from '@/platform/server/lib/read-cache'
import { GAME_IDS } from '@/shared/games'
import { importDepsOf, importGamesOf, importNow, importsNeedingAttention, listImports } from './imports'

/**
 * /api/admin/imports: the official price imports of the games the user edits; Import now; the failed
 * imports that need the user's attention. Never cached.
 */
export const importRoutes = new Hono<PermittedEnv>()
  .use(noStore)
  .get('/', requireValueEditorOfAny(IMPORT_GAMES), async (c) => {
    const games = importGamesOf(c.var.permissions)
    return c.json<ImportsResponse>({ imports: await listImports(importDepsOf(c.var.deps), games) })
  })
  // Every value editor (of any game) and admin: the value tools warn them; each import by its own permission.
  .get('/attention', requireValueEditorOfAny(GAME_IDS), async (c) => {
    const { database, cache } = c.var.deps
    const problems = await importsNeedingAttention({ db: database.db, cache }, c.var.permissions)
    return c.json<ImportProblemsResponse>({ problems })
  })
  .post('/:game/run', requireValueEditor({ param: 'game' }), async (c) => {
    const game = c.req.param('game')
    if (!isImportGame(game)) throw new AppError('NOT_FOUND', VALUE_MESSAGES.noImport)
    return c.json<ImportStatus>(await importNow(importDepsOf(c.var.deps), game))
  })
