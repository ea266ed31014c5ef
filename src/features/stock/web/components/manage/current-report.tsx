import { Pencil } from 'lucide-react'
import type { StockShop } from '@/features/stock/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { isStale, shopState, waitingText } from '../../view'
import { Freshness, GAME_LOOK, StockItemList, type StockItems } from '../shop-card'
import { Panel } from './panel'

/** The chosen shop's latest report: the current stock (with "Correct") or the previous one, labelled. */
export function CurrentReport({
  game,
  shop,
  items,
  now,
  onCorrect,
}: {
  game: keyof typeof GAME_LOOK
  shop: StockShop | undefined
  items: StockItems
  now: number
  onCorrect: () => void
}) {
  const state = shop ? shopState(shop, now) : null
  const report = state && 'report' in state ? state.report : null
  const current = state?.kind === 'current' || state?.kind === 'visit'
  return (
    <Panel
      id="current-stock"
      title="Current stock"
      action={
        current && (
          <button type="button" onClick={onCorrect} className={buttonClass('secondary', 'sm')}>
            <Pencil aria-hidden="true" className="size-4" /> Correct
          </button>
        )
      }
    >
      {!shop ? (
        <p className="text-muted text-sm">This shop is switched off.</p>
      ) : !report ? (
        <p className="text-muted text-sm">
          {state?.kind === 'away' ? 'No visit reported right now.' : 'No stock reported yet for this shop.'}
        </p>
      ) : (
        <div className="space-y-2">
          {(state?.kind === 'restocking' || state?.kind === 'previous') && (
            <p className="rounded-lg border border-warn/40 bg-warn/10 px-3 py-2 text-sm">
              <span className="font-semibold text-warn">Previous stock.</span>{' '}
              {waitingText(state.windowStart, now)}
            </p>
          )}
          <StockItemList
            report={report}
            items={items}
            look={GAME_LOOK[game]}
            label={current ? `${shop.name}: in stock now` : `${shop.name}: previous stock`}
          />
          <Freshness report={report} stale={state !== null && isStale(state)} />
        </div>
      )}
    </Panel>
  )
}
