import { isStudioGame, STUDIO_SOURCE, WIKI_SOURCES } from '@/features/item-images/rules'
import { Prose } from '@/platform/web/components/ui/page'
import { GAME_IDS, GAME_NAMES } from '@/shared/games'

/** The methodology page's section: where each game's item pictures come from, with credit and licence. */
export function PictureSources() {
  return (
    <div className="mt-8">
      <Prose>
        <h2>Where item pictures come from</h2>
        <p>
          Item pictures are the games' own art, copied once from each game's public sources, re-encoded and
          served by TradeHub. The value team may upload a picture of its own instead; an item without one
          shows a tile of its initials.
        </p>
        <ul aria-label="Sources of item pictures">
          {GAME_IDS.map((game) => {
            if (isStudioGame(game))
              return (
                <li key={game}>
                  <strong>{GAME_NAMES[game]}</strong>: the game studio's public API,{' '}
                  <a href={STUDIO_SOURCE.url} rel="noopener">
                    {STUDIO_SOURCE.name}
                  </a>
                  .
                </li>
              )
            const wiki = WIKI_SOURCES[game]
            return (
              <li key={game}>
                <strong>{GAME_NAMES[game]}</strong>: the{' '}
                <a href={wiki.url} rel="noopener">
                  {wiki.name}
                </a>
                , whose content is available under{' '}
                <a href={wiki.licenceUrl} rel="noopener license">
                  {wiki.licence}
                </a>
                .
              </li>
            )
          })}
        </ul>
      </Prose>
    </div>
  )
}
