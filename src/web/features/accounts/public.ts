/** What other features and the shell may use of accounts (lint refuses any other import of its files). */
import { type PrefetchArgs, prefetch } from '@/web/lib/query-client'
import { publicProfileQuery, reviewsPageOf } from './api'

export { refreshMe, signInHref, useFreshPermissions, useMe } from './api'
export { AccountControl, useSignedIn } from './components/account-control'
export { SignInPrompt } from './components/sign-in-prompt'

/**
 * The public profile's loader: the profile, and the page of reviews shown (the trust layer's code
 * loads with the page's, not with every page's).
 */
export async function prefetchPublicProfile({ params, request, context }: PrefetchArgs<'username'>) {
  const username = params.username ?? ''
  prefetch(context, publicProfileQuery(username))
  const { reviewsQuery } = await import('@/web/features/trust/public')
  prefetch(context, reviewsQuery(username, reviewsPageOf(new URL(request.url).searchParams)))
  return null
}
