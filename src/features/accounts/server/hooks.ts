import type { PublicProfileResponse } from '@/features/accounts/contract'
import type { CatalogDeps } from '@/features/catalog/server/public'
import type { Db } from '@/platform/server/db/client'
import { defineHook } from '@/platform/server/hooks'

/** What features above add to a trader's public profile (favorites: their favorite items). */
export const publicProfileParts = defineHook<
  [catalog: CatalogDeps, userId: string],
  Partial<Omit<PublicProfileResponse, 'profile'>>
>('accounts.public-profile-parts')

/**
 * Names kept for one account: nobody else may take one as a username or display name, in any case or
 * in look-alike letters (middlemen: their usernames and Roblox names, which traders check).
 */
export const keptNames = defineHook<[db: Db], { userId: string; name: string }[]>('accounts.kept-names')
