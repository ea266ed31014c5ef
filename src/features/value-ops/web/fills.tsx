/**
 * What the value team's tools show on the catalog's pages (its web manifest fills their slots): the
 * item page's editor and value suggestions, and a game's latest value changes under its values list.
 */
import { createElement, Suspense } from 'react'
import { useMe } from '@/features/accounts/web/public'
import type { Game, Item } from '@/features/catalog/contract'
import { lazy } from '@/platform/web/lib/lazy'

const ItemEditor = lazy(async () => ({ default: (await import('./components/item-editor')).ItemEditor }))

/** The item page's editor panel, for value editors of the game (and admins) only: nothing for others. */
export function ItemEditorSlot({ game, item }: { game: Game; item: Item }) {
  const { me } = useMe()
  if (!me?.valueEditorGames.includes(game.id)) return null
  return createElement(Suspense, { fallback: null }, createElement(ItemEditor, { game, item }))
}

/** A game's latest value changes (under its values list). */
const RecentChanges = lazy(async () => ({
  default: (await import('./components/recent-changes')).RecentChanges,
}))

const ItemSuggestions = lazy(async () => ({
  default: (await import('./components/item-suggestions')).ItemSuggestions,
}))

/**
 * The item page's value suggestions (`#suggest`): the item's suggestions with votes, the form to
 * suggest one, and editors' decisions. Loads on its own, behind its own Suspense boundary.
 */
export function ItemSuggestionsSection(props: { game: string; item: string; name: string }) {
  return createElement(Suspense, { fallback: null }, createElement(ItemSuggestions, props))
}

/** A game's latest value changes, under its values list. */
export function RecentChangesSection({ game }: { game: Game }) {
  return (
    <Suspense fallback={null}>
      <RecentChanges game={game} />
    </Suspense>
  )
}
