/** What other features and the shell may use of accounts (lint refuses any other import of its files). */
import { lazy } from '@/platform/web/lib/lazy'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'
import { entriesOf } from '@/platform/web/lib/slots'
import { publicProfileQuery } from './api'
import { publicProfileRequests } from './slots'

export { refreshMe, signInHref, useFreshPermissions, useMe } from './api'
export { blocksQuery, useBlocked } from './blocks'
export { AccountControl, useSignedIn } from './components/account-control'
export { SignInPrompt } from './components/sign-in-prompt'
export {
  type ProfileTab,
  profileActions,
  profileTabs,
  publicProfileRequests,
  publicProfileSections,
  publicProfileTail,
  settingsSections,
} from './slots'

/**
 * Block (after a question in place) or Unblock a trader, for a signed-in viewer looking at someone else.
 * Its code loads when first rendered (render it inside a Suspense boundary).
 */
export const BlockButton = lazy(async () => ({
  default: (await import('./components/block-button')).BlockButton,
}))

/**
 * /u/{username}'s loader: the profile, and what the sections higher features put on it show first
 * (`publicProfileRequests`), asked for at once.
 */
export async function prefetchPublicProfile(args: PrefetchArgs<'username'>) {
  prefetch(args.context, publicProfileQuery(args.params.username ?? ''))
  await Promise.all(entriesOf(publicProfileRequests).map((request) => request(args)))
  return null
}
