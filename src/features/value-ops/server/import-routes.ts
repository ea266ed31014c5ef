import { Hono } from 'hono'
import { IMPORT_GAMES, isImportGame } from '@/features/catalog/rules'
import { type ImportStatus, type ImportsResponse, VALUE_MESSAGES } from '@/features/value-ops/contract'
import {
  type PermittedEnv,
  requireValueEditor,
  requireValueEditorOfAny,
} from '@/platform/server/auth/session'
import { AppError } from '@/platform/server/lib/errors'
import { noStore } from '@/platform/server/lib/read-cache'
import { importDepsOf, importNow, listImports } from './imports'

/** /api/admin/imports: the official price imports of the games the user edits; Import now. Never cached. */
export const importRoutes = new Hono<PermittedEnv>()
  .use(noStore)
  .get('/', requireValueEditorOfAny(IMPORT_GAMES), async (c) => {
    const games = IMPORT_GAMES.filter((game) => c.var.permissions.valueEditorGames.includes(game))
    return c.json<ImportsResponse>({ imports: await listImports(importDepsOf(c.var.deps), games) })
  })
  .post('/:game/run', requireValueEditor({ param: 'game' }), async (c) => {
    const game = c.req.param('game')
    if (!isImportGame(game)) throw new AppError('NOT_FOUND', VALUE_MESSAGES.noImport)
    return c.json<ImportStatus>(await importNow(importDepsOf(c.var.deps), game))
  })
