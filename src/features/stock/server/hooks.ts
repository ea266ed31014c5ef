import { defineHook, type HookDeps } from '@/platform/server/hooks'

/** A stock manager's report of a restock window, new on the site (achievements count them). */
export const managerReported =
  defineHook<[deps: HookDeps, userIds: readonly string[]]>('stock.manager-reported')
