import type { AdminNotice } from '@/features/admin/contract'
import type { Permissions } from '@/platform/server/auth/roles'
import { defineHook, type HookDeps } from '@/platform/server/hooks'

/**
 * The admins' hooks: what features above do when an account is suspended or its suspension is lifted
 * (after the change committed), without admin knowing them (docs/architecture.md, "Direction").
 */

/** An account was suspended: trading drops its cached ads (they hide), middlemen release the account's jobs. */
export const accountSuspended = defineHook<[deps: HookDeps, userId: string]>('admin.account-suspended')

/** A suspension was lifted: trading drops its cached ads (they show again), the API keys work again. */
export const accountRestored = defineHook<[deps: HookDeps, userId: string]>('admin.account-restored')

/**
 * What needs an admin now, from features above (value-ops: the imports whose last run failed): the
 * notices at the top of the admin dashboard. `viewer`: the admin asking.
 */
export const overviewNotices = defineHook<[deps: HookDeps, viewer: Permissions], AdminNotice[]>(
  'admin.overview-notices',
)
