import { defineHook, type HookDeps } from '@/platform/server/hooks'

/** An address on the launch list was confirmed (achievements: OG member, for an account with it). */
export const subscriberVerified = defineHook<[deps: HookDeps, emails: readonly string[]]>(
  'launch-list.subscriber-verified',
)
