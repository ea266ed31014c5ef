import { mutationOptions, type QueryClient } from '@tanstack/react-query'
import type { FavoriteCountsResponse, FavoriteToggleResponse } from '@/features/favorites/contract'
import { ApiError, apiFetch } from '@/platform/web/lib/api'
import { mutate, useSharedQuery } from '@/platform/web/lib/shared-query'
import { toast } from '@/platform/web/lib/toast'
import { favoriteCountsQuery } from './queries'

/** The screen's query, made once per list of ids (every heart of the screen asks for it). */
const screenQueries = new WeakMap<readonly string[], ReturnType<typeof favoriteCountsQuery>>()
const screenQuery = (game: string, ids: readonly string[]) => {
  let query = screenQueries.get(ids)
  if (query?.queryKey[1] !== game) {
    query = favoriteCountsQuery(game, ids)
    screenQueries.set(ids, query)
  }
  return query
}

/** One item's count and whether it is the user's heart, from the screen's request (`ids`). */
export function useHeart(game: string, ids: readonly string[], itemId: string) {
  const query = screenQuery(game, ids)
  const count = useSharedQuery(query, (result) => result.data?.counts[itemId])
  const mine = useSharedQuery(query, (result) => result.data?.mine.includes(itemId) ?? false)
  return { count, mine }
}

interface Toggle {
  favorite: boolean
}

type HeartChange = (count: number, mine: boolean) => [count: number, mine: boolean]

/** Sets one item's heart and count in every cached screen of the game that shows it. */
function setHeart(client: QueryClient, game: string, itemId: string, change: HeartChange) {
  client.setQueriesData<FavoriteCountsResponse>({ queryKey: ['favorites', game] }, (old) => {
    if (!old || !Object.hasOwn(old.counts, itemId)) return old
    const [count, mine] = change(old.counts[itemId] ?? 0, old.mine.includes(itemId))
    const others = old.mine.filter((id) => id !== itemId)
    return { counts: { ...old.counts, [itemId]: count }, mine: mine ? [...others, itemId] : others }
  })
}

/**
 * Toggles a heart optimistically (docs/product.md §6): every cached screen showing the item changes at once,
 * and only that item is put back if the server refuses; the server's exact count then replaces the
 * guess. Toggles of one item run one after the other, so the last click wins. The cache is the one
 * the mutation runs in (the app's, or a test's).
 */
export const favoriteToggleMutation = (game: string, itemId: string) =>
  mutationOptions({
    scope: { id: `favorite:${game}:${itemId}` },
    mutationFn: ({ favorite }: Toggle) =>
      apiFetch<FavoriteToggleResponse>(
        `/api/favorites/${encodeURIComponent(game)}/${encodeURIComponent(itemId)}`,
        {
          method: favorite ? 'PUT' : 'DELETE',
        },
      ),
    onMutate: ({ favorite }, { client }) => {
      let changed = false
      setHeart(client, game, itemId, (count, mine) => {
        if (mine === favorite) return [count, mine]
        changed = true
        return [Math.max(0, count + (favorite ? 1 : -1)), favorite]
      })
      return { changed }
    },
    onError: (error, { favorite }, guess, { client }) => {
      if (guess?.changed)
        setHeart(client, game, itemId, (count) => [Math.max(0, count + (favorite ? -1 : 1)), !favorite])
      const verb = favorite ? 'favorite' : 'unfavorite'
      if (error instanceof ApiError && error.status === 401) {
        client.invalidateQueries({ queryKey: ['me'] }) // the session is gone: Session Expired says so
      } else if (error instanceof ApiError && error.status === 403) {
        toast.error('Permission Error', { description: `You cannot ${verb} this item. Please try again.` })
      } else {
        toast.error('Error', { description: `Failed to ${verb} this item. Please try again.` })
      }
    },
    onSuccess: ({ favorited, count }, _toggle, _guess, { client }) => {
      setHeart(client, game, itemId, () => [count, favorited])
      client.invalidateQueries({ queryKey: ['users'] }) // profiles list favorites
    },
  })

export const toggleFavorite = (game: string, itemId: string, favorite: boolean) =>
  mutate(favoriteToggleMutation(game, itemId), { favorite })
