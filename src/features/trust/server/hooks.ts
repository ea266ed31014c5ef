import { defineHook, type HookDeps } from '@/platform/server/hooks'

/** A review written of a trader (achievements count reviews). */
export const reviewPosted = defineHook<[deps: HookDeps, subjectIds: readonly string[]]>('trust.review-posted')
