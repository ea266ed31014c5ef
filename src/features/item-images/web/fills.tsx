/**
 * What item pictures show on other features' pages (its web manifest fills their slots): the imports and
 * the items without a picture under a game's value tools, and the pictures' sources on the methodology page.
 */
import { Suspense } from 'react'
import { useMe } from '@/features/accounts/web/public'
import { lazy } from '@/platform/web/lib/lazy'
import type { GameId } from '@/shared/games'

export { PictureSources } from './components/picture-sources'

/** The admin area's parts load with the first admin page that shows them, not with the methodology page. */
const ImportPanel = lazy(async () => ({ default: (await import('./components/import-panel')).ImportPanel }))
const MissingPictures = lazy(async () => ({
  default: (await import('./components/missing-pictures')).MissingPictures,
}))

/** /admin/values, under a game's tools: its picture imports (admins) and the items still without one. */
export function ItemPicturesSection({ game }: { game: GameId }) {
  const { me } = useMe()
  if (!me?.valueEditorGames.includes(game)) return null
  return (
    <Suspense fallback={null}>
      {me.isAdmin && <ImportPanel game={game} />}
      <MissingPictures game={game} />
    </Suspense>
  )
}
