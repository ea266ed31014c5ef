import type { ImportProblem } from '@/features/value-ops/contract'
import type { Permissions } from '@/platform/server/auth/roles'
import { defineHook, type HookDeps } from '@/platform/server/hooks'

/** A trader's value suggestion approved by the value team (achievements count them). */
export const suggestionApproved = defineHook<[deps: HookDeps, userIds: readonly string[]]>(
  'value-ops.suggestion-approved',
)

/** What a staff member may do, as far as the imports that need attention are concerned. */
export type ImportViewer = Pick<Permissions, 'isAdmin' | 'valueEditorGames'>

/**
 * The failed imports of higher features that this staff member may run again (item-images: a game's
 * pictures), each by its own permission: with the price imports, what the admin area warns about.
 */
export const importProblems = defineHook<[deps: HookDeps, viewer: ImportViewer], ImportProblem[]>(
  'value-ops.import-problems',
)
