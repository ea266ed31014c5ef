import { Link } from 'react-router'
import type { PublicProfileResponse } from '@/features/accounts/contract'
import { formatValue } from '@/shared/format-value'
import { GAME_NAMES } from '@/shared/games'

/** A trader's favorite items, newest first. */
export function FavoritesList({
  favorites,
  empty,
}: {
  favorites: PublicProfileResponse['favorites']
  empty: string
}) {
  return (
    <section aria-labelledby="favorites-heading" className="mt-6">
      <h2 id="favorites-heading" className="font-semibold text-lg">
        Favorite items ({favorites.length})
      </h2>
      {favorites.length === 0 ? (
        <p className="mt-2 text-muted">{empty}</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {favorites.map((item) => (
            <li key={`${item.gameId}/${item.id}`}>
              <Link
                to={`/values/${item.gameId}/${item.id}`}
                className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface px-4 py-3 hover:border-accent/60"
              >
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{item.name}</span>
                  <span className="block truncate text-muted text-xs">{GAME_NAMES[item.gameId]}</span>
                </span>
                <span className={item.value === null ? 'text-muted text-sm' : 'font-semibold tabular-nums'}>
                  {formatValue(item.value)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
