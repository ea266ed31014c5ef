/**
 * What trade lists show on lower features' pages (its web manifest fills their slots): my best matches
 * on "my trades", and a trader's public lists on their profile.
 */
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ItemImage } from '@/features/catalog/web/public'
import { type ShownListEntry, TRADE_LIST_LIMITS } from '@/features/trade-lists/contract'
import { GAME_NAMES } from '@/shared/games'
import { publicListsQuery } from './api'
import { MatchesList } from './components/matches-list'

/** /trading/mine's "Matches for my lists": the best few of every game, and the way to all and to the lists. */
export function MyTradesMatches() {
  return (
    <section aria-labelledby="matches-heading" className="scroll-mt-20" id="matches">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="matches-heading" className="font-bold text-xl">
          Matches for my lists
        </h2>
        <Link to="/trading/matches" className="text-accent text-sm underline">
          All matches and my lists
        </Link>
      </div>
      <div className="mt-4">
        <MatchesList
          limit={TRADE_LIST_LIMITS.mineMatches}
          empty={
            <>
              No open ad matches your lists.{' '}
              <Link to="/trading/matches" className="text-accent underline">
                Set what you have and want
              </Link>
            </>
          }
        />
      </div>
    </section>
  )
}

function Entries({ title, entries }: { title: string; entries: readonly ShownListEntry[] }) {
  return (
    <div className="min-w-0">
      <h4 className="font-semibold text-muted text-xs uppercase tracking-wide">{title}</h4>
      {entries.length === 0 ? (
        <p className="mt-1 text-muted text-sm">Nothing listed</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-2">
          {entries.map((e) => (
            <li
              key={`${e.item}~${e.variant ?? ''}`}
              className="inline-flex min-w-0 items-center gap-1.5 rounded-lg border border-line bg-bg px-2 py-1 text-sm"
            >
              <ItemImage name={e.name} image={e.image} rarity={null} size="xs" />
              <span className="truncate">
                {e.name}
                {e.variant && <span className="text-muted"> ({e.variant})</span>}
                {e.quantity > 1 && <span className="text-muted tabular-nums"> ×{e.quantity}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** A public profile's "Have and want": the lists the trader chose to show, by game (nothing when none). */
export function ProfileTradeLists({ username }: { username: string }) {
  const query = useQuery(publicListsQuery(username))
  const lists = query.data?.lists ?? []
  if (lists.length === 0) return null
  return (
    <section aria-labelledby="trade-lists-heading" className="mt-10">
      <h2 id="trade-lists-heading" className="font-bold text-xl">
        Have and want
      </h2>
      <div className="mt-4 flex flex-col gap-4">
        {lists.map((list) => (
          <section
            key={list.game}
            aria-label={`${GAME_NAMES[list.game]}: have and want`}
            className="rounded-2xl border border-line bg-surface p-4"
          >
            <h3 className="font-semibold">{GAME_NAMES[list.game]}</h3>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <Entries title="Has" entries={list.have} />
              <Entries title="Wants" entries={list.want} />
            </div>
          </section>
        ))}
      </div>
    </section>
  )
}
