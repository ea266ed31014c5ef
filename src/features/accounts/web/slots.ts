/**
 * The slots of the account's pages: what higher features show on them (platform/web/lib/slots.tsx).
 * Declared here, published by the public entry, filled in the higher features' web manifests.
 */
import type { ComponentType } from 'react'
import type { PrefetchArgs } from '@/platform/web/lib/query-client'
import { defineListSlot, defineSlot } from '@/platform/web/lib/slots'

/** A tab of /profile after the account's own (`?tab=<id>`): its link's label and its panel. */
export interface ProfileTab {
  id: string
  label: string
  Panel: ComponentType
}

/** /profile's tabs after Profile, Settings, Account and Connections (the Alerts tab). */
export const profileTabs = defineListSlot<ProfileTab>('accounts.profile.tabs')

/** The settings tab's sections after the blocked traders (the API keys). */
export const settingsSections = defineSlot<Record<never, never>>('accounts.settings.sections')

/** What a signed-in viewer may do on someone else's profile, after Block (Report). */
export const profileActions = defineSlot<{ username: string }>('accounts.public-profile.actions')

/** A public profile's sections between the profile card and the favorites (reputation, achievements). */
export const publicProfileSections = defineSlot<{ username: string }>('accounts.public-profile.sections')

/** A public profile's sections after the favorites, once they come near the screen (the trader's open ads). */
export const publicProfileTail = defineSlot<{ username: string }>('accounts.public-profile.tail')

/** What the public profile's loader asks for beside the profile (what its sections show first). */
export const publicProfileRequests = defineListSlot<(args: PrefetchArgs<'username'>) => unknown>(
  'accounts.public-profile.requests',
)
