import type { PublicProfileResponse } from '@/features/accounts/contract'
import type { CatalogDeps } from '@/features/catalog/server/public'
import { defineHook } from '@/platform/server/hooks'

/** What features above add to a trader's public profile (favorites: their favorite items). */
export const publicProfileParts = defineHook<
  [catalog: CatalogDeps, userId: string],
  Partial<Omit<PublicProfileResponse, 'profile'>>
>('accounts.public-profile-parts')
