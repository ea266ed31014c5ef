import { queryOptions } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type {
  AuthProvidersResponse,
  Me,
  MeResponse,
  Profile,
  ProfileUpdate,
  PublicProfileResponse,
} from '@/features/accounts/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { queryClient } from '@/platform/web/lib/query-client'
import { useSharedQuery } from '@/platform/web/lib/shared-query'
import { toast } from '@/platform/web/lib/toast'
import { safeRedirect as safeRedirectOn } from '@/shared/redirect'

/** Who is signed in (user null for a visitor). Every page's header reads it: one request per visit. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => apiFetch<MeResponse>('/api/me'),
  staleTime: 60_000,
})

/**
 * The page the server sent says its request carried no session cookie (`<meta name="session"
 * content="none">`): nobody is signed in, and the header knows it without asking. Read once and
 * removed: a sign-in later asks the server again (`refreshMe`).
 */
export function takeVisitorHint(document: Document | undefined = globalThis.document): void {
  const hint = document?.querySelector('meta[name="session"][content="none"]')
  if (!hint) return
  hint.remove()
  queryClient.setQueryData(meQuery.queryKey, { user: null })
}
takeVisitorHint()

/**
 * `isSuccess`: the server answered (a failed request is not proof that nobody is signed in). Each is
 * read on its own, so a component renders again only when one of them changes (not on every change
 * of the request's state: the header and every heart and bell of a list read them).
 */
export function useMe(): { me: Me | null; isPending: boolean; isSuccess: boolean } {
  const me = useSharedQuery(meQuery, (result) => result.data?.user ?? null)
  const isPending = useSharedQuery(meQuery, (result) => result.isPending)
  const isSuccess = useSharedQuery(meQuery, (result) => result.isSuccess)
  return { me, isPending, isSuccess }
}

/** How a signed-in trader is named to themselves: their e-mail, or without one (Roblox) their name. */
export const whoIsSignedIn = (me: Me) =>
  me.email ?? (me.profile.username ? `@${me.profile.username}` : me.profile.displayName)

/** Re-reads who is signed in (after sign-in, sign-out or a profile change); per-user screens are re-read too. */
export const refreshMe = () => {
  queryClient.removeQueries({ queryKey: ['favorites'] })
  return queryClient.invalidateQueries({ queryKey: meQuery.queryKey })
}

/** Puts a changed profile into the cached answer of /api/me. */
export function setMyProfile(profile: Profile) {
  queryClient.setQueryData(meQuery.queryKey, (old) => (old?.user ? { user: { ...old.user, profile } } : old))
}

/** A Better Auth endpoint under /api/auth (POST with a JSON body, or GET). */
export const authApi = <T>(path: string, body?: Record<string, unknown>) =>
  apiFetch<T>(`/api/auth${path}`, body === undefined ? {} : { method: 'POST', body })

export const setUsername = (username: string) =>
  apiFetch<Profile>('/api/profile/username', { method: 'POST', body: { username } })

export const updateProfile = (update: ProfileUpdate) =>
  apiFetch<Profile>('/api/profile', { method: 'PATCH', body: update })

export function uploadAvatar(file: File) {
  const form = new FormData()
  form.set('avatar', file)
  return apiFetch<Profile>('/api/profile/avatar', { method: 'POST', body: form })
}

/**
 * Where to go after signing in (`?redirect=`), kept on this site. Any origin does for the check (the
 * path must stay on it), so the page renders the same on the server, which has no `window`.
 */
export const safeRedirect = (value: string | null) => safeRedirectOn(value, 'https://tradehub.invalid')

/** The sign-in link that returns to the current page. */
export function signInHref(pathname: string, search: string): string {
  const here = `${pathname}${search}`
  return here === '/' || pathname === '/sign-in'
    ? '/sign-in'
    : `/sign-in?redirect=${encodeURIComponent(here)}`
}

/** The sign-in providers this site has configured. */
export const providersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: () => apiFetch<AuthProvidersResponse>('/api/auth-providers'),
  staleTime: 5 * 60_000,
})

/** A trader's public profile with their favorites (one request). */
export const publicProfileQuery = (username: string) =>
  queryOptions({
    queryKey: ['users', username],
    queryFn: () => apiFetch<PublicProfileResponse>(`/api/users/${encodeURIComponent(username)}`),
    staleTime: 30_000,
  })

export interface LinkedAccount {
  id: string
  providerId: string
  accountId: string
  createdAt: string
}

/** The ways the signed-in user can sign in ('credential' is the e-mail and password). */
export const linkedAccountsQuery = queryOptions({
  queryKey: ['me', 'accounts'],
  queryFn: () => authApi<LinkedAccount[]>('/list-accounts'),
  staleTime: 0,
})

/** The spec's toast when who is signed in could not be read again (the words of roles' ROLE_MESSAGES). */
const REFRESH_FAILED = 'Failed to refresh permissions'

/**
 * Admin and stock-management pages re-read who is signed in when they open: a role granted or removed
 * since shows at once. `refreshing` until that answer (or its failure, told as the spec's toast).
 */
export function useFreshPermissions(): { refreshing: boolean } {
  const [refreshing, setRefreshing] = useState(true)
  useEffect(() => {
    let live = true
    queryClient
      .fetchQuery({ ...meQuery, staleTime: 0 })
      .catch(() => toast.error(REFRESH_FAILED))
      .finally(() => live && setRefreshing(false))
    return () => {
      live = false
    }
  }, [])
  return { refreshing }
}
