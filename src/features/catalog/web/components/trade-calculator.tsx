import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, Link2 } from 'lucide-react'
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { Game, ItemSummary } from '@/features/catalog/contract'
import {
  DEFAULT_FAIR_BAND,
  describeRule,
  dropUnknownVariants,
  evaluateTrade,
  FAIR_BANDS,
  type FairBand,
  parseFairBand,
  slotItemIds,
  type TradeResult,
  type TradeSlot,
  takesModifiers,
  tradeStatus,
} from '@/features/catalog/wfl'
import { formatTradeParam, parseTradeParam } from '@/features/catalog/wfl-links'
import { buttonClass } from '@/platform/web/components/ui/button'
import { ChoiceChip } from '@/platform/web/components/ui/choice-chip'
import { VERDICT_STYLE } from '@/platform/web/components/ui/verdict'
import { ApiError } from '@/platform/web/lib/api'
import { Part } from '@/platform/web/lib/part'
import { toast } from '@/platform/web/lib/toast'
import { itemsByIdQuery } from '../api'
import { ExactValue } from './exact-value'
import { SidePanel } from './side-panel'
import { ValuesFreshness } from './values-freshness'

const BAND_KEY = 'tradehub.fairBand'
type Side = 'give' | 'get'

/** This browser's fair band (localStorage), for useSyncExternalStore: the server renders the default. */
const bandListeners = new Set<() => void>()
function readStoredBand(): FairBand {
  try {
    return parseFairBand(globalThis.localStorage?.getItem(BAND_KEY)) ?? DEFAULT_FAIR_BAND
  } catch {
    return DEFAULT_FAIR_BAND
  }
}
function storeBand(value: FairBand) {
  try {
    localStorage.setItem(BAND_KEY, String(value))
  } catch {
    // Storage refused (private mode): the band holds for this page only.
  }
  for (const listener of bandListeners) listener()
}
function subscribeBand(listener: () => void) {
  bandListeners.add(listener)
  return () => bandListeners.delete(listener)
}
const defaultBand = () => DEFAULT_FAIR_BAND

/** Query string that keeps the trade readable in shared links (`give=kitsune,dough*2,$700M`). */
function toSearch(params: URLSearchParams): string {
  const parts = [...params].map(
    ([k, v]) =>
      `${encodeURIComponent(k)}=${encodeURIComponent(v).replaceAll('%2C', ',').replaceAll('%40', '@').replaceAll('%24', '$')}`,
  )
  return parts.length ? `?${parts.join('&')}` : ''
}

/** The trade lives in the address (`give`, `get`, `band`), so a copied link shows the same trade. */
function useTradeParams() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const give = useMemo(() => parseTradeParam(params.get('give')), [params])
  const get = useMemo(() => parseTradeParam(params.get('get')), [params])
  const band = parseFairBand(params.get('band'))
  const update = (changes: Partial<Record<Side | 'band', string>>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v)
      else next.delete(k)
    }
    navigate({ search: toSearch(next) }, { replace: true, preventScrollReset: true })
  }
  const setSides = (sides: Partial<Record<Side, TradeSlot[]>>) =>
    update(Object.fromEntries(Object.entries(sides).map(([side, slots]) => [side, formatTradeParam(slots)])))
  const setBand = (value: FairBand) => update({ band: String(value) })
  return { give, get, band, setSides, setBand }
}

const signedPercent = (percent: number) => `${percent >= 0 ? '+' : '−'}${Math.abs(percent).toFixed(1)}%`

/**
 * The verdict first: a compact line above the sides once both hold something (a shared link opened on
 * a phone shows it on the first screen), with both totals, the difference for the user and a link down
 * to the result's details.
 */
function VerdictSummary({
  result,
  loading,
  unvalued,
  detailsId,
}: {
  result: TradeResult
  loading: boolean
  unvalued: boolean
  detailsId: string
}) {
  const verdict = result.verdict ? VERDICT_STYLE[result.verdict] : null
  return (
    <section
      aria-label="Verdict"
      aria-busy={loading}
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-line bg-surface p-3"
    >
      <p
        className={`rounded-lg border px-3 py-1 font-extrabold text-lg ${verdict?.className ?? 'border-line text-muted'}`}
      >
        {verdict ? verdict.label : loading ? 'Loading…' : unvalued ? 'No value yet' : 'No verdict'}
      </p>
      <div className="min-w-0 flex-1 text-sm">
        <p className="tabular-nums">
          You give <ExactValue exact={result.give.exactTotal} className="font-semibold" />, you get{' '}
          <ExactValue exact={result.get.exactTotal} className="font-semibold" />
        </p>
        {verdict && (
          <p className="text-muted tabular-nums">
            <ExactValue exact={result.exactDifference} signed /> ({signedPercent(result.percent)}) for you
          </p>
        )}
      </div>
      <a
        href={`#${detailsId}`}
        onClick={(e) => {
          // Down to the details without writing React's id into the address a trader may copy.
          const details = document.getElementById(detailsId)
          if (!details) return
          e.preventDefault()
          details.scrollIntoView({ block: 'start' })
        }}
        className="inline-flex min-h-8 items-center px-1 font-medium text-accent text-sm underline-offset-2 hover:underline"
      >
        Details
      </a>
    </section>
  )
}

export function TradeCalculator({ game }: { game: Game }) {
  const { give, get, band: linkBand, setSides, setBand } = useTradeParams()
  // This browser's own band: the page hydrates with the server's default, and React renders the
  // calculator again right after only when this browser's differs.
  const storedBand = useSyncExternalStore(subscribeBand, readStoredBand, defaultBand)
  const band = linkBand ?? storedBand
  const [knownBefore, setKnown] = useState(() => new Map<string, ItemSummary>())
  const [droppedIds, setDroppedIds] = useState<string[]>([])
  // Malformed parts of the link the page was opened with; the address is rewritten without them.
  const [droppedParts] = useState(() => [...give.dropped, ...get.dropped])
  const bandId = useId()

  // Items named by the address that we do not know yet (a shared link): one request for all of them.
  const missing = slotItemIds([...give.slots, ...get.slots])
    .filter((id) => !knownBefore.has(id))
    .sort()
  const lookup = useQuery(itemsByIdQuery(game.id, missing))
  // What the lookup found counts at once (a page rendered on the server shows the trade); the effect
  // keeps it once the lookup is done.
  const known = lookup.data
    ? new Map([...knownBefore, ...lookup.data.items.map((i) => [i.id, i] as const)])
    : knownBefore
  useEffect(() => {
    if (lookup.data)
      setKnown((prev) => new Map([...prev, ...lookup.data.items.map((i) => [i.id, i] as const)]))
  }, [lookup.data])
  // Ids the server does not know for this game are dropped from the trade, and the user is told.
  const unknownIds =
    lookup.error instanceof ApiError && lookup.error.fields?.ids ? lookup.error.fields.ids : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per refusal from the server
  useEffect(() => {
    if (!unknownIds) return
    const dropped = unknownIds.split(',')
    setDroppedIds((prev) => [...new Set([...prev, ...dropped])])
    setSides({
      give: give.slots.filter((s) => !dropped.includes(s.itemId)),
      get: get.slots.filter((s) => !dropped.includes(s.itemId)),
    })
  }, [unknownIds])

  // Variants the item does not have (an old or edited link): dropped, the item counts at its headline
  // value, and the user is told which.
  const [droppedVariants, setDroppedVariants] = useState<TradeSlot[]>([])
  const fixedGive = dropUnknownVariants(give.slots, known)
  const fixedGet = dropUnknownVariants(get.slots, known)
  const wrongVariants = [...fixedGive.dropped, ...fixedGet.dropped]
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a slot names a variant its item lacks
  useEffect(() => {
    if (wrongVariants.length === 0) return
    setDroppedVariants((prev) => [...prev, ...wrongVariants])
    setSides({ give: fixedGive.slots, get: fixedGet.slots })
  }, [formatTradeParam(wrongVariants)])

  const sides = { give, get }
  const trade = { give: fixedGive.slots, get: fixedGet.slots }
  const result = evaluateTrade(trade, known, { band, game: game.id })
  const status = tradeStatus(trade, result)
  const loading = missing.length > 0 && lookup.isPending

  const add = (side: Side, slots: TradeSlot[]) => (item: ItemSummary, variant?: string) => {
    setKnown((prev) => new Map(prev).set(item.id, item))
    setSides({ [side]: [...slots, { itemId: item.id, quantity: 1, ...(variant ? { variant } : {}) }] })
  }
  const chooseBand = (value: FairBand) => {
    storeBand(value)
    setBand(value)
  }
  const copyLink = async () => {
    try {
      // The link carries the band in use, so the recipient sees the same verdict.
      const params = new URLSearchParams(window.location.search)
      params.set('band', String(band))
      const link = `${window.location.origin}${window.location.pathname}${toSearch(params)}`
      await navigator.clipboard.writeText(link)
      toast.success('Link copied', { description: 'Paste it in Discord to share this trade.' })
    } catch {
      toast.error('Could not copy the link', { description: 'Copy it from the address bar instead.' })
    }
  }
  const verdict = result.verdict ? VERDICT_STYLE[result.verdict] : null
  const unvalued = [...result.give.unvalued, ...result.get.unvalued]
  const resultId = useId()

  return (
    <div className="mt-6">
      {status !== 'empty' && (
        <VerdictSummary
          result={result}
          loading={loading}
          unvalued={status === 'unvalued'}
          detailsId={resultId}
        />
      )}

      {(droppedParts.length > 0 || droppedIds.length > 0) && (
        <div role="status" className="mb-4 flex gap-2 rounded-xl border border-warn/40 bg-warn/5 p-3 text-sm">
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-warn" />
          <p>
            Some of the shared trade could not be loaded and was left out:{' '}
            {[
              ...droppedIds.map((id) => `${id} (not a ${game.name} item)`),
              ...droppedParts.map((p) => `“${p}” (malformed)`),
            ].join(', ')}
            .
          </p>
        </div>
      )}

      {droppedVariants.length > 0 && (
        <div role="status" className="mb-4 flex gap-2 rounded-xl border border-warn/40 bg-warn/5 p-3 text-sm">
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-warn" />
          <p>
            {droppedVariants
              .map((s) => {
                const item = known.get(s.itemId)
                const name = item?.name ?? s.itemId
                const variants = item?.variants
                if (s.variant !== undefined && !(variants && Object.hasOwn(variants, s.variant)))
                  return `“${s.variant}” is not a variant of ${name}`
                const takes = item ? takesModifiers(item) : null
                if (takes?.pet) return `${name} takes one pet mutation and an age, no weight`
                if (takes?.modifiers && s.modifiers?.age !== undefined) return `${name} takes no age`
                return takes?.modifiers
                  ? `the weight of ${name} is not known`
                  : `${name} takes no mutations or weight`
              })
              .join('; ')}
            : left out, and the item counts without it.
          </p>
        </div>
      )}

      {lookup.isError && !unknownIds && (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center gap-2 rounded-xl border border-warn/40 bg-warn/5 p-3 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-warn" />
          <p className="flex-1">The items of this shared trade could not be loaded. Check your connection.</p>
          <button type="button" onClick={() => lookup.refetch()} className={buttonClass('secondary', 'sm')}>
            Try again
          </button>
        </div>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        {(['give', 'get'] as const).map((side) => (
          <Part key={side}>
            <SidePanel
              side={side}
              title={side === 'give' ? 'You give' : 'You get'}
              slots={sides[side].slots}
              items={known}
              result={result[side]}
              game={game}
              onChange={(slots) => setSides({ [side]: slots })}
              onPick={add(side, sides[side].slots)}
              amounts
            />
          </Part>
        ))}
      </div>

      <section
        id={resultId}
        aria-label="Result"
        aria-busy={loading}
        className="mt-4 scroll-mt-20 rounded-2xl border border-line bg-surface p-4 sm:p-5"
      >
        {/* Only the verdict is announced when it changes, not the whole panel. */}
        <p className="sr-only" aria-live="polite">
          {verdict
            ? `${verdict.label}: ${result.percent >= 0 ? '+' : '−'}${Math.abs(result.percent).toFixed(1)}% for you`
            : ''}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <p
            className={`rounded-xl border px-4 py-2 font-extrabold text-2xl ${verdict?.className ?? 'border-line text-muted'}`}
          >
            {verdict
              ? verdict.label
              : loading
                ? 'Loading…'
                : status === 'unvalued'
                  ? 'No value yet'
                  : 'Add items to both sides'}
          </p>
          {verdict && (
            <p className="text-sm">
              <ExactValue exact={result.exactDifference} signed className="font-semibold tabular-nums" />{' '}
              <span className="text-muted">
                ({result.percent >= 0 ? '+' : '−'}
                {Math.abs(result.percent).toFixed(1)}% of the larger side) for you
              </span>
            </p>
          )}
          <button type="button" onClick={copyLink} className={`${buttonClass('secondary', 'sm')} ml-auto`}>
            <Link2 aria-hidden="true" className="size-4" /> Copy link
          </button>
        </div>
        <ValuesFreshness game={game} className="mt-2" />

        <fieldset className="mt-4">
          <legend id={bandId} className="font-medium text-sm">
            Fair band
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {FAIR_BANDS.map((value) => (
              <ChoiceChip
                key={value}
                type="radio"
                name="fair-band"
                value={value}
                checked={band === value}
                onChange={() => chooseBand(value)}
              >
                ±{value}%
              </ChoiceChip>
            ))}
          </div>
          <p className="mt-2 text-muted text-sm">{describeRule(band)}</p>
        </fieldset>

        {verdict && (
          <p className="mt-3 text-sm">
            Confidence: <strong className="capitalize">{result.confidence}</strong>
            {result.lowDemandItems.length > 0 && (
              <span className="text-muted"> (low or unknown demand: {result.lowDemandItems.join(', ')})</span>
            )}
          </p>
        )}
        {!loading && status === 'unvalued' && (
          <p className="mt-3 text-sm">
            {result.give.valuedCount === 0 && result.get.valuedCount === 0
              ? 'The items of this trade have no value yet, so it cannot be judged.'
              : `The items you ${result.give.valuedCount === 0 ? 'give' : 'get'} have no value yet, so the trade cannot be judged.`}{' '}
            Open an item to suggest a value.
          </p>
        )}
        {unvalued.length > 0 && (
          <p className="mt-3 flex gap-2 text-sm text-warn">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            {unvalued.length === 1 ? '1 item has' : `${unvalued.length} items have`} no value yet and{' '}
            {unvalued.length === 1 ? 'is' : 'are'} left out of the totals:{' '}
            {unvalued.map((s) => known.get(s.itemId)?.name ?? s.itemId).join(', ')}.
          </p>
        )}
        {result.beliRefused && (
          <p className="mt-3 flex gap-2 text-sm text-warn">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            Blox Fruits will refuse this trade: the in-game Beli prices of the two sides differ by more than
            40%.
          </p>
        )}
      </section>
    </div>
  )
}
