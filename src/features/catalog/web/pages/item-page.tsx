import { Calculator } from 'lucide-react'
import { Link, useLocation, useParams } from 'react-router'
import type { ItemDetailResponse } from '@/features/catalog/contract'
import { isGagCrop, isGagPet } from '@/features/catalog/gag-kinds'
import { categoryLabel, trendLabel, valueSourcePhrase } from '@/features/catalog/labels'
import { NotFoundPage } from '@/platform/web/app/not-found-page'
import { ErrorPanel } from '@/platform/web/app/shell/error-panel'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { formatDay } from '@/platform/web/lib/format'
import { lazy } from '@/platform/web/lib/lazy'
import { NearScreen } from '@/platform/web/lib/near-screen'
import { usePageMeta } from '@/platform/web/lib/page-meta'
import { Part } from '@/platform/web/lib/part'
import { Slot } from '@/platform/web/lib/slots'
import { formatValue, formatValueFull } from '@/shared/format-value'
import { useItemDetail } from '../api'
import { ItemImage } from '../components/item-image'
import { DemandMeter, ItemRow, TrendIcon } from '../components/item-row'
import { ValueChart } from '../components/value-chart'
import { Ago } from '../components/values-freshness'
import { variantKeys } from '../components/variants'
import { itemPageActions, itemPageEditor, itemPageRequests, itemPageSections } from '../slots'

/** Grow a Garden's value tools, loaded only for its crops and pets (they bring the modifier tables). */
const CropValueTool = lazy(async () => ({
  default: (await import('../components/item-value-tools')).CropValueTool,
}))
const PetValueTool = lazy(async () => ({
  default: (await import('../components/item-value-tools')).PetValueTool,
}))

function Facts({ data }: { data: ItemDetailResponse }) {
  const { item, game } = data
  const variants = variantKeys(item.variants, game.variantLabels).map(
    (key) => [key, item.variants?.[key] ?? null] as const,
  )
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-2xl border border-line bg-surface p-4 sm:col-span-1">
          <p className="text-muted text-sm">Value</p>
          <p
            className={`mt-1 font-bold text-3xl tabular-nums ${item.value === null ? 'text-muted text-xl' : ''}`}
          >
            {formatValue(item.value)}
          </p>
          {item.value === null ? (
            <>
              <p className="mt-1 text-muted text-xs">No community value exists yet.</p>
              <a href="#suggest" className={`${buttonClass('secondary', 'sm')} mt-3`}>
                Suggest a value
              </a>
            </>
          ) : (
            formatValueFull(item.value) !== formatValue(item.value) && (
              <p className="text-muted text-xs [overflow-wrap:anywhere]">{formatValueFull(item.value)}</p>
            )
          )}
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <p className="text-muted text-sm">Demand</p>
          <p className="mt-2">
            <DemandMeter demand={item.demand} />
          </p>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-4">
          <p className="text-muted text-sm">Trend</p>
          <p className="mt-2 flex items-center gap-2">
            <TrendIcon trend={trendLabel(item)} /> {trendLabel(item) ?? 'None without a value'}
          </p>
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {(
          [
            ['Rarity', item.rarity ?? 'unknown'],
            // "Huge" and "huge" say one thing once.
            ...(item.category && item.category.toLowerCase() === item.rarity?.toLowerCase()
              ? []
              : [['Category', categoryLabel(item.category) ?? 'Unknown'] as const]),
            [
              `Price in ${game.currency}`,
              item.inGamePrice === null ? 'not sold for it' : formatValueFull(item.inGamePrice),
            ],
            [
              'Price in Robux',
              item.robuxPrice === null ? 'not sold for Robux' : formatValueFull(item.robuxPrice),
            ],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line bg-surface p-3">
            <dt className="text-muted text-xs">{label}</dt>
            <dd className="mt-1 font-medium">{value}</dd>
          </div>
        ))}
      </dl>

      {isGagCrop(item.gameId, item.category) && <CropValueTool item={item} />}
      {isGagPet(item.gameId, item.category) && <PetValueTool item={item} />}

      {variants.length > 0 && (
        <section aria-labelledby="variants" className="mt-8">
          <h2 id="variants" className="font-semibold text-lg">
            Values by variant
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {variants.map(([key, value]) => (
              <li
                key={key}
                className="flex justify-between rounded-xl border border-line bg-surface px-4 py-2.5 text-sm"
              >
                <span>{game.variantLabels?.[key] ?? key}</span>
                <span
                  className={value === null ? 'text-muted' : 'font-semibold tabular-nums'}
                  title={formatValueFull(value)}
                >
                  {formatValue(value)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/**
 * Sections higher features bring, whose code loads apart (the item's stock, the value suggestions, its
 * trade ads): in the browser only, not on the server, once a trader scrolls near them or the address names one (`#suggest`). Only this part
 * renders again once the page is hydrated.
 */
function BrowserSections({
  game,
  item,
  name,
  category,
}: {
  game: string
  item: string
  name: string
  category: string | null
}) {
  // An address with a section's anchor (a notification's link to "#suggest") asks for them at once.
  const { hash } = useLocation()
  return (
    <NearScreen now={hash !== ''}>
      <Slot slot={itemPageSections} game={game} item={item} name={name} category={category} />
    </NearScreen>
  )
}

export function ItemPage() {
  const { game: gameId = '', item: itemId = '' } = useParams()
  return (
    <>
      {/* What the page's other parts show is asked for at once, beside the item (not after it). */}
      <Slot slot={itemPageRequests} game={gameId} item={itemId} />
      <ItemDetail gameId={gameId} itemId={itemId} />
    </>
  )
}

function ItemDetail({ gameId, itemId }: { gameId: string; itemId: string }) {
  const query = useItemDetail(gameId, itemId)
  const data = query.data
  usePageMeta(
    data && `${data.item.name} value — ${data.game.name}`,
    data &&
      `${data.item.name} (${data.game.name}): value ${formatValue(data.item.value)}, demand ${data.item.demand ?? 'unknown'}/10.`,
  )

  if (query.isPending) return <Spinner label="Loading item" />
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />
    return <ErrorPanel onRetry={() => query.refetch()} />
  }
  const { item, game, history, similar } = query.data
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-muted text-sm">
        <Link to="/values-and-wfl" className="hover:text-ink">
          Values
        </Link>{' '}
        /{' '}
        <Link to={`/trade-helper/${game.id}`} className="hover:text-ink">
          {game.name}
        </Link>
      </nav>
      <Part>
        <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
          <div className="flex min-w-0 items-center gap-4">
            <ItemImage name={item.name} image={item.image} rarity={item.rarity} size="lg" />
            <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{item.name}</h1>
          </div>
          <div className="flex flex-wrap gap-2">
            <Slot slot={itemPageActions} game={game} item={item} />
            <Link
              to={`/trade-helper/${game.id}?tab=wfl&give=${item.id}`}
              className={buttonClass('secondary', 'sm')}
            >
              <Calculator aria-hidden="true" className="size-4" /> Check a trade with it
            </Link>
          </div>
        </div>
      </Part>
      <p className="mt-1 text-muted text-sm">
        {game.valuedCount === 0 ? (
          <>{game.name} · no community values yet</>
        ) : (
          <>
            {game.name} · values in {game.valueUnit}
          </>
        )}
        {item.value !== null && item.valueSource && item.valueSourceAt ? (
          <>
            {' '}
            · value from {valueSourcePhrase(item.valueSource)}, <Ago at={item.valueSourceAt} />
          </>
        ) : (
          item.valueChangedAt && <> · as of {formatDay(item.valueChangedAt)}</>
        )}
      </p>

      {item.retired && (
        <p role="status" className="mt-4 rounded-xl border border-warn/40 bg-warn/10 px-4 py-3 text-sm">
          This item is retired: it is no longer in the game's lists. Its value is kept for old trades.
        </p>
      )}

      <Part>
        <div className="mt-6">
          <Facts data={query.data} />
        </div>
      </Part>

      <Slot slot={itemPageEditor} game={game} item={item} />

      <Part>
        <section
          aria-labelledby="history"
          className="mt-8 rounded-2xl border border-line bg-surface p-4 sm:p-6"
        >
          <h2 id="history" className="font-semibold text-lg">
            Value history
          </h2>
          <div className="mt-4">
            <ValueChart points={history} />
          </div>
        </section>
      </Part>

      <BrowserSections game={game.id} item={item.id} name={item.name} category={item.category} />

      {item.notes && (
        <section aria-labelledby="notes" className="mt-8">
          <h2 id="notes" className="font-semibold text-lg">
            Notes
          </h2>
          <p className="mt-2 text-muted text-sm">{item.notes}</p>
        </section>
      )}

      {similar.length > 0 && (
        <Part>
          <section aria-labelledby="similar" className="mt-8">
            <h2 id="similar" className="font-semibold text-lg">
              Similar items
            </h2>
            <ul className="mt-3 space-y-2">
              {similar.map((s) => (
                <ItemRow key={s.id} item={s} />
              ))}
            </ul>
          </section>
        </Part>
      )}
    </div>
  )
}
