/**
 * What the value team's tools show on the catalog's pages (its web manifest fills their slots): the
 * item page's editor and value suggestions, and a game's latest value changes under its values list.
 */
import { Suspense } from 'react'
import type { Game } from '@/features/catalog/contract'
import { RecentChanges } from './public'

/** A game's latest value changes, under its values list. */
export function RecentChangesSection({ game }: { game: Game }) {
  return (
    <Suspense fallback={null}>
      <RecentChanges game={game} />
    </Suspense>
  )
}
