import { defineHook, type HookDeps } from '@/platform/server/hooks'

/** A trader's value suggestion approved by the value team (achievements count them). */
export const suggestionApproved = defineHook<[deps: HookDeps, userIds: readonly string[]]>(
  'value-ops.suggestion-approved',
)
