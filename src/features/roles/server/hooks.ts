import type { Role } from '@/features/roles/rules'
import { defineHook, type HookDeps } from '@/platform/server/hooks'

/**
 * A role was removed from a user (after the removal committed): the features above let go of what the
 * role gave them (middlemen: the jobs the middleman was working go back to the queue).
 */
export const roleRevoked = defineHook<[deps: HookDeps, userId: string, role: Role]>('roles.role-revoked')
