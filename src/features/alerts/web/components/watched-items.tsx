import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { AlertSettings, Watch } from '@/features/alerts/contract'
import { ALERT_LIMITS } from '@/features/alerts/rules'
import { categoryLabel } from '@/features/catalog/labels'
import { buttonClass } from '@/platform/web/components/ui/button'
import { LoadError } from '@/platform/web/components/ui/load-error'
import { GAME_NAMES } from '@/shared/games'
import { alertSettingsQuery, useWatchChange, useWatchlist, useWatchToggle } from '../api'
import { hasRestocks } from '../view'
import { sectionClass, Toggle } from './ui'

/**
 * The ways a watch can also reach the trader beyond the bell: e-mail while alert e-mails are on for a
 * kind, Discord while a working webhook is saved (the trader's own settings, below).
 */
export function channelsOf(settings: AlertSettings | undefined): { email: boolean; discord: boolean } {
  return {
    email: Boolean(settings && (settings.email.restock || settings.email.value)),
    discord: Boolean(settings?.discord.webhook && settings.discord.enabled),
  }
}

function WatchRow({ watch }: { watch: Watch }) {
  const { data: settings } = useQuery(alertSettingsQuery)
  const channels = channelsOf(settings)
  const change = useWatchChange(watch.game, watch.item)
  const remove = useWatchToggle(watch, {})
  const restocks = hasRestocks(watch.game, watch.category)
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-bg/40 p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Link
          to={`/values/${watch.game}/${watch.item}`}
          className="font-semibold [overflow-wrap:anywhere] hover:text-accent hover:underline"
        >
          {watch.name}
        </Link>
        <p className="text-muted text-xs">
          {[GAME_NAMES[watch.game], watch.rarity, categoryLabel(watch.category)].filter(Boolean).join(' · ')}
        </p>
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="sr-only">Alerts for {watch.name}</legend>
        {restocks && (
          <Toggle
            label="Restocks"
            checked={watch.restock}
            onChange={(restock) => change.mutate({ restock })}
          />
        )}
        <Toggle label="Value changes" checked={watch.value} onChange={(value) => change.mutate({ value })} />
        {channels.email && (
          <Toggle label="E-mail" checked={watch.email} onChange={(email) => change.mutate({ email })} />
        )}
        {channels.discord && (
          <Toggle
            label="Discord"
            checked={watch.discord}
            onChange={(discord) => change.mutate({ discord })}
          />
        )}
      </fieldset>
      <button
        type="button"
        className={`${buttonClass('secondary', 'sm')} self-start sm:self-auto`}
        aria-label={`Stop watching ${watch.name}`}
        onClick={() => remove.mutate({ watch: false })}
      >
        Remove
      </button>
    </li>
  )
}

/** Watched items, each with what it tells about and how. */
export function WatchedItems() {
  const query = useWatchlist()
  const watches = query.data?.watches ?? []
  return (
    <section aria-labelledby="alerts-watches" className={sectionClass}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="alerts-watches" className="font-semibold text-lg">
          Watched items
        </h2>
        {query.data && (
          <p className="text-muted text-sm">
            {watches.length} of {ALERT_LIMITS.maxWatches}
          </p>
        )}
      </div>
      <p className="mt-1 text-muted text-sm">
        Tap the bell on an item page, a stock page or the values list to watch an item: restocks (items a shop
        sells) and value changes. Untick both and the watch is removed. Alerts arrive under the bell; turn on
        e-mail or add a Discord webhook below to choose, per item, to get them there too.
      </p>
      <div className="mt-4">
        {query.isPending ? (
          <p role="status" className="text-muted text-sm">
            Loading watched items…
          </p>
        ) : query.isError ? (
          <LoadError what="Your watched items" onRetry={() => query.refetch()} />
        ) : watches.length === 0 ? (
          <p className="text-muted text-sm">
            No watched items yet. Find one in the{' '}
            <Link to="/values-and-wfl" className="text-accent underline">
              values list
            </Link>{' '}
            or on a{' '}
            <Link to="/grow-a-garden-stock" className="text-accent underline">
              stock page
            </Link>
            .
          </p>
        ) : (
          <ul aria-label="Watched items" className="space-y-2">
            {watches.map((w) => (
              <WatchRow key={`${w.game}/${w.item}`} watch={w} />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
