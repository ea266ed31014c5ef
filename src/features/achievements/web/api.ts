import { queryOptions } from '@tanstack/react-query'
import type {
  AchievementsResponse,
  ReferralsResponse,
  UserAchievementsResponse,
} from '@/features/achievements/contract'
import { apiFetch } from '@/platform/web/lib/api'
import { type PrefetchArgs, prefetch } from '@/platform/web/lib/query-client'

/** Every achievement, its rule and its holders (public, cached by the server). */
export const achievementsQuery = queryOptions({
  queryKey: ['achievements'],
  queryFn: ({ signal }) => apiFetch<AchievementsResponse>('/api/achievements', { signal }),
})

/** A trader's achievements and when each was earned. */
export const userAchievementsQuery = (username: string) =>
  queryOptions({
    queryKey: ['achievements', 'user', username.toLowerCase()],
    queryFn: ({ signal }) =>
      apiFetch<UserAchievementsResponse>(`/api/users/${encodeURIComponent(username)}/achievements`, {
        signal,
      }),
  })

/** My invite link and who joined through it. */
export const referralsQuery = queryOptions({
  queryKey: ['referrals', 'me'],
  queryFn: ({ signal }) => apiFetch<ReferralsResponse>('/api/referrals/me', { signal }),
})

/** /achievements' loader: the list with its holders, from the server's first answer. */
export function prefetchAchievements({ context }: PrefetchArgs) {
  prefetch(context, achievementsQuery)
  return null
}

/** A trader's achievements, asked for with the rest of their profile. */
export function prefetchUserAchievements({ params, context }: PrefetchArgs<'username'>) {
  if (params.username) prefetch(context, userAchievementsQuery(params.username))
  return null
}
