/** What other features and the shell may use of accounts (lint refuses any other import of its files). */
import { type PrefetchArgs, prefetch } from '@/web/lib/query-client'
import { publicProfileQuery } from './api'

export { signInHref, useFreshPermissions, useMe } from './api'
export { AccountControl } from './components/account-control'
export { SignInPrompt } from './components/sign-in-prompt'

/** The public profile's loader. */
export function prefetchPublicProfile({ params, context }: PrefetchArgs<'username'>) {
  prefetch(context, publicProfileQuery(params.username ?? ''))
  return null
}
