import { defineHook, type HookDeps } from '@/platform/server/hooks'

/** A trader linked or unlinked a verified Roblox account (ads show the Verified badge; achievements count it). */
export const robloxAccountChanged = defineHook<[deps: HookDeps, userIds: readonly string[]]>(
  'verification.roblox-account-changed',
)
