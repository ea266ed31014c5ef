import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { ShopSettings, ShopSettingsRequest } from '@/features/stock/contract'
import { formatDuration } from '@/features/stock/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import type { StockGameId } from '@/shared/games'
import { shopSettingsQuery, useUpdateShop } from '../../api'
import { clockChange } from '../../manage'
import { errorText, Panel } from './panel'

function ShopClock({ game, shop }: { game: StockGameId; shop: ShopSettings }) {
  const id = useId()
  const update = useUpdateShop(game)
  const [name, setName] = useState(shop.name)
  const [period, setPeriod] = useState(String(shop.periodSeconds))
  const [offset, setOffset] = useState(String(shop.offsetSeconds))
  const [enabled, setEnabled] = useState(shop.enabled)
  const draft = { name, periodSeconds: period, offsetSeconds: offset, enabled }
  const result = clockChange(shop, draft)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!result.ok || !result.change) return
    const change: ShopSettingsRequest = result.change
    update.mutate({ shop: shop.id, change })
  }
  const duration = (value: string) => {
    const n = Number(value)
    return Number.isInteger(n) && n > 0 ? formatDuration(n) : null
  }
  const periodText = duration(period)
  const offsetText = duration(offset)
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-2 py-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {shop.name}{' '}
        <span className="font-normal text-muted text-xs">
          ({shop.id}, {shop.kind === 'visit' ? 'visit' : 'clock'})
        </span>
      </h3>
      <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Field label="Name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        <Field
          label={shop.kind === 'visit' ? 'Visit length (s)' : 'Period (s)'}
          type="number"
          inputMode="numeric"
          min={60}
          value={period}
          hint={
            periodText ? (shop.kind === 'visit' ? `about ${periodText}` : `every ${periodText}`) : undefined
          }
          onChange={(e) => setPeriod(e.target.value)}
        />
        {shop.kind === 'clock' && (
          <Field
            label="Offset (s)"
            type="number"
            inputMode="numeric"
            min={0}
            value={offset}
            hint={offsetText ? `${offsetText} after 00:00 UTC` : 'aligned to 00:00 UTC'}
            onChange={(e) => setOffset(e.target.value)}
          />
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
            className="size-4 accent-accent"
          />
          Enabled (shown on the stock page)
        </label>
        <button
          type="submit"
          disabled={update.isPending || !result.ok || !result.change}
          className={buttonClass('secondary', 'sm')}
        >
          Save <span className="sr-only">{shop.name}</span>
        </button>
      </div>
      {!result.ok && <FormMessage kind="error">{result.error}</FormMessage>}
      {update.isError && (
        <FormMessage kind="error">{errorText(update.error, 'The shop could not be saved')}</FormMessage>
      )}
    </form>
  )
}

/** Admins: each shop's clock (period, offset), name and whether it is shown, changed without a deploy. */
export function ShopClocks({ game }: { game: StockGameId }) {
  const query = useQuery(shopSettingsQuery(game))
  return (
    <Panel id="shop-clocks" title="Shop clocks (admins)">
      <p className="text-muted text-sm">
        Restocks fall on every period after 00:00 UTC plus the offset. Changes apply to the next restock.
      </p>
      {query.isPending ? (
        <Spinner label="Loading the shops" className="py-6" />
      ) : query.isError ? (
        <FormMessage kind="error">{errorText(query.error, 'The shops could not be loaded.')}</FormMessage>
      ) : (
        <div className="divide-y divide-line">
          {query.data.shops.map((shop) => (
            <ShopClock
              key={`${shop.id}:${shop.name}:${shop.periodSeconds}:${shop.offsetSeconds}:${shop.enabled}`}
              game={game}
              shop={shop}
            />
          ))}
        </div>
      )}
    </Panel>
  )
}
