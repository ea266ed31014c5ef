import { Link } from 'react-router'
import type { Game } from '@/features/catalog/contract'
import { IMPORT_GAMES, isImportGame, valueCoverage } from '@/features/catalog/rules'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { Page, Prose } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatCount, formatDay } from '@/platform/web/lib/format'
import { Slot } from '@/platform/web/lib/slots'
import { GAME_NAMES } from '@/shared/games'
import { useGames } from '../api'
import { howValuesSections } from '../slots'
import { startingValuesText } from '../view'

/** "Pet Simulator 99 and PETS GO!": the games whose prices the official import reads. */
const OFFICIAL_GAMES = IMPORT_GAMES.map((g) => GAME_NAMES[g]).join(' and ')

/** One game: how many of its items have a value, when one last changed, and what its values started from. */
function GameValues({ game }: { game: Game }) {
  const coverage = valueCoverage(game)
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <h3 className="font-semibold text-ink">
        <Link to={`/trade-helper/${game.id}`} className="underline-offset-2 hover:underline">
          {game.name}
        </Link>
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[11rem_minmax(0,1fr)]">
        <dt className="text-muted">Items with a value</dt>
        <dd>
          {coverage === 'none' ? (
            <>
              none of {formatCount(game.itemCount)}: no values yet —{' '}
              <Link to={`/values/suggestions?game=${game.id}`} className="text-accent underline">
                suggest one
              </Link>
            </>
          ) : (
            `${formatCount(game.valuedCount)} of ${formatCount(game.itemCount)}`
          )}
        </dd>
        <dt className="text-muted">Values last changed</dt>
        <dd>
          {game.lastValueChangeAt ? (
            <time dateTime={game.lastValueChangeAt}>{formatDay(game.lastValueChangeAt)}</time>
          ) : (
            'never'
          )}
        </dd>
        <dt className="text-muted">Starting values</dt>
        <dd>{game.startingValues ? startingValuesText(game.startingValues) : 'none'}</dd>
      </dl>
      {coverage === 'none' && isImportGame(game.id) && (
        <p className="mt-2 text-muted text-sm">
          No official price has been imported yet: its values come from the value team and approved
          suggestions.
        </p>
      )}
    </li>
  )
}

/** /how-values-are-set: who sets values, how often, what evidence counts, and where each game stands. */
export function HowValuesPage() {
  const games = useGames()
  return (
    <Page
      title="How values are set"
      lead="Who sets TradeHub's item values, how often they change, what evidence counts, and where each game's values stand today."
    >
      <Prose>
        <h2>Who sets values</h2>
        <ul>
          <li>
            <strong>The value team.</strong> Each game has its own value editors, traders the admins appoint
            for that game. They set an item's value, demand and trend, and write down why. Every change is
            listed in the <Link to="/values/changes">change log</Link> with its date and reason.
          </li>
          <li>
            <strong>Approved community suggestions.</strong> Any signed-in trader can suggest a value on an
            item's page, with a reason and a link to evidence. Other traders vote on it, and an editor of that
            game approves or rejects it; an approved suggestion changes the value at once. See the{' '}
            <Link to="/values/suggestions">value suggestions</Link>.
          </li>
          <li>
            <strong>The official price import</strong> for {OFFICIAL_GAMES}. Every hour the site reads the
            recent average prices (RAP) the game's studio publishes and updates the values that moved.
          </li>
        </ul>

        <h2>How often values change</h2>
        <p>
          Community values have no fixed schedule: the value team changes a value when trades show it has
          moved, and reviews suggestions as they come in. Official prices are read every hour. Each item's
          page shows its value history, and the change log lists every change, newest first.
        </p>

        <h2>What evidence counts</h2>
        <ul>
          <li>Trades that were completed, and offers that were accepted, with a screenshot or a link.</li>
          <li>What an item keeps trading for across several trades, not a single overpay or a joke offer.</li>
          <li>For {OFFICIAL_GAMES}, the official recent average price.</li>
          <li>
            Not shop prices: a value is what players trade an item for, not what the game's shop charges.
          </li>
        </ul>
        <p>
          An item without a value says "no value yet" rather than showing a guess, and the WFL calculator
          leaves it out of its verdict.
        </p>

        <h2>Each game's values</h2>
      </Prose>
      {games.isPending ? (
        <Spinner label="Loading games" />
      ) : games.isError ? (
        <ErrorPanel onRetry={() => games.refetch()} />
      ) : (
        <ul aria-label="Each game's values" className="mt-4 grid gap-3">
          {games.data.games.map((game) => (
            <GameValues key={game.id} game={game} />
          ))}
        </ul>
      )}
      <Slot slot={howValuesSections} />
    </Page>
  )
}
