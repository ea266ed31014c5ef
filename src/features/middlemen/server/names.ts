import { eq } from 'drizzle-orm'
import { looksAlike, profiles } from '@/features/accounts/server/public'
import { MIDDLEMAN_NAME_KINDS, type Middleman, type MiddlemanNameKind } from '@/features/middlemen/contract'
import { MIDDLEMAN_ROLE } from '@/features/roles/rules'
import { userRoles } from '@/features/roles/server/public'
import { robloxAccounts } from '@/features/verification/server/public'
import type { Db } from '@/platform/server/db/client'

/**
 * The names traders check a middleman by: each official middleman's TradeHub username and linked Roblox
 * name. Accounts keep them (`keptNames`): nobody else may take one, in any case or look-alike letters.
 */
export async function middlemanNames(db: Db): Promise<{ userId: string; name: string }[]> {
  const rows = await db
    .select({ userId: userRoles.userId, username: profiles.username, robloxName: robloxAccounts.name })
    .from(userRoles)
    .leftJoin(profiles, eq(profiles.userId, userRoles.userId))
    .leftJoin(robloxAccounts, eq(robloxAccounts.userId, userRoles.userId))
    .where(eq(userRoles.role, MIDDLEMAN_ROLE))
  return rows.flatMap((r) =>
    [r.username, r.robloxName].flatMap((name) => (name ? [{ userId: r.userId, name }] : [])),
  )
}

export interface NameMatch {
  /** Which of the middleman's names it is. */
  matched: MiddlemanNameKind
  middleman: Middleman
  /** The very name in any case (official); false: only alike in look (a copy). */
  exact: boolean
}

/**
 * Which middleman a typed name belongs to: the same name in any case first, a TradeHub username before a
 * Roblox name; otherwise one that merely looks the same ('H0lder' for 'Holder'); null when none.
 */
export function middlemanByName(list: readonly Middleman[], typed: string): NameMatch | null {
  const nameOf = (m: Middleman, kind: MiddlemanNameKind) =>
    kind === 'tradehub' ? m.username : (m.roblox?.name ?? null)
  const find = (same: (name: string) => boolean, exact: boolean): NameMatch | null => {
    for (const matched of MIDDLEMAN_NAME_KINDS)
      for (const middleman of list) {
        const name = nameOf(middleman, matched)
        if (name !== null && same(name)) return { matched, middleman, exact }
      }
    return null
  }
  const lower = typed.toLowerCase()
  return find((name) => name.toLowerCase() === lower, true) ?? find((name) => looksAlike(name, typed), false)
}
