import { defineHook, type HookDeps } from '@/platform/server/hooks'

/** A middleman closed a job as done (achievements: the Middleman badge). */
export const middlemanJobDone =
  defineHook<[deps: HookDeps, middlemanIds: readonly string[]]>('middlemen.job-done')
