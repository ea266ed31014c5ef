/** What other features and the shell may use of accounts (lint refuses any other import of its files). */
import type { PrefetchArgs } from '@/platform/web/lib/query-client'

export { refreshMe, signInHref, useFreshPermissions, useMe } from './api'
export { AccountControl, useSignedIn } from './components/account-control'
export { SignInPrompt } from './components/sign-in-prompt'

/** The public profile's loader; its code loads with the page's (the entry, on every page, does not carry it). */
export const prefetchPublicProfile = async (args: PrefetchArgs<'username'>) =>
  (await import('./components/reputation')).prefetchPublicProfile(args)
