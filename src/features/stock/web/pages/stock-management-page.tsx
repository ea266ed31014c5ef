import { useQuery } from '@tanstack/react-query'
import { Suspense, useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { SignInPrompt, useFreshPermissions, useMe } from '@/features/accounts/web/public'
import { STOCK_SHOPS, shopHasQuantities } from '@/features/stock/rules'
import { FormMessage } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { formatClock } from '@/platform/web/lib/format'
import { lazy } from '@/platform/web/lib/lazy'
import { useNow } from '@/platform/web/lib/now'
import { STOCK_GAME_NAMES, type StockGameId } from '@/shared/games'
import { useStockStream } from '../api'
import { CurrentReport } from '../components/manage/current-report'
import { selectClass } from '../components/manage/panel'
import { StockEditor } from '../components/manage/stock-editor'
import { type EditorRow, pickGameAndShop, rowsFromReport } from '../manage'
import { stockQuery } from '../queries'

/** The shop's reports of the window, under the editor. */
const ShopReports = lazy(async () => ({
  default: (await import('../components/manage/shop-reports')).ShopReports,
}))

/** Adding an item the catalog misses: beside the editor, after the bot tokens. */
const AddMissingItem = lazy(async () => ({
  default: (await import('../components/manage/add-item')).AddMissingItem,
}))

/** What the game feed named that the catalog has not: below the reports, loaded with them. */
const FeedUnknownItems = lazy(async () => ({
  default: (await import('../components/manage/feed-unknown')).FeedUnknownItems,
}))

// The shops' clocks are for admins only: other stock managers never download them.
const ShopClocks = lazy(async () => ({
  default: (await import('../components/manage/shop-clocks')).ShopClocks,
}))
// The bots' tokens sit beside the editor, below the fold on a phone: they load after the page.
const IngestTokens = lazy(async () => ({
  default: (await import('../components/manage/ingest-tokens')).IngestTokens,
}))

const TITLE = 'Stock management'
const LEAD =
  'Publish the live shop stock of Grow a Garden and Blox Fruits, correct it, and manage the bots that report it.'

export function StockManagementPage() {
  const { me, isPending } = useMe()
  // Roles may have changed since the page was cached: re-read them on opening.
  const { refreshing } = useFreshPermissions()
  if (isPending || (refreshing && !me)) return <Spinner label="Checking access" />
  if (!me) {
    return (
      <Page title={TITLE} lead={LEAD}>
        <SignInPrompt back="/stock-management">
          Sign in with a stock manager account to manage stock.
        </SignInPrompt>
      </Page>
    )
  }
  if (me.stockManagerGames.length === 0) {
    return (
      <Page title={TITLE} lead={LEAD}>
        <FormMessage kind="error">
          You do not have access to stock management. Your account ({me.email}) is not a stock manager.
        </FormMessage>
      </Page>
    )
  }
  return (
    <Page title={TITLE} lead={LEAD} wide>
      <StockManager games={me.stockManagerGames} isAdmin={me.isAdmin} />
    </Page>
  )
}

interface EditorState {
  /** The game and shop the rows are for: choosing another starts an empty stock. */
  key: string
  rows: EditorRow[]
  correcting: string | null
}

function StockManager({ games, isAdmin }: { games: readonly StockGameId[]; isAdmin: boolean }) {
  const id = useId()
  const [params, setParams] = useSearchParams()
  const picked = pickGameAndShop(games, (g) => STOCK_SHOPS[g], params)
  const game = picked.game ?? games[0]!
  const shopId = picked.shop ?? STOCK_SHOPS[game][0]!.id
  const definition = STOCK_SHOPS[game].find((s) => s.id === shopId)!
  const stock = useQuery(stockQuery(game))
  useStockStream(game)
  const now = useNow()
  const liveShop = stock.data?.shops.find((s) => s.id === shopId)
  const items = stock.data?.items ?? {}
  const shop = { ...definition, name: liveShop?.name ?? definition.name }

  const key = `${game}/${shopId}`
  const [editor, setEditor] = useState<EditorState>({ key, rows: [], correcting: null })
  const rows = editor.key === key ? editor.rows : []
  const correcting = editor.key === key ? editor.correcting : null
  const setRows = (change: (rows: EditorRow[]) => EditorRow[]) =>
    setEditor((old) => ({
      key,
      rows: change(old.key === key ? old.rows : []),
      correcting: old.key === key ? old.correcting : null,
    }))

  const choose = (next: { game: StockGameId; shop?: string }) =>
    setParams(next.shop ? { game: next.game, shop: next.shop } : { game: next.game }, { replace: true })

  const correct = () => {
    const report = liveShop?.report
    if (!report) return
    setEditor({ key, rows: rowsFromReport(report, items), correcting: formatClock(report.windowStart, now) })
    requestAnimationFrame(() => {
      const panel = document.getElementById(`${id}-editor`)
      panel?.scrollIntoView({ block: 'start', behavior: 'smooth' })
      panel?.querySelector<HTMLInputElement>('input[data-item]')?.focus({ preventScroll: true })
    })
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:max-w-xl sm:grid-cols-2">
        {games.length > 1 ? (
          <div>
            <label htmlFor={`${id}-game`} className="font-medium text-sm">
              Game
            </label>
            <select
              id={`${id}-game`}
              value={game}
              onChange={(e) => choose({ game: e.target.value as StockGameId })}
              className={selectClass}
            >
              {games.map((g) => (
                <option key={g} value={g}>
                  {STOCK_GAME_NAMES[g]}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="self-end pb-2.5 text-sm">
            <span className="text-muted">Game:</span> <strong>{STOCK_GAME_NAMES[game]}</strong>
          </p>
        )}
        <div>
          <label htmlFor={`${id}-shop`} className="font-medium text-sm">
            Shop
          </label>
          <select
            id={`${id}-shop`}
            value={shopId}
            onChange={(e) => choose({ game, shop: e.target.value })}
            className={selectClass}
          >
            {STOCK_SHOPS[game].map((s) => {
              const live = stock.data?.shops.find((l) => l.id === s.id)
              const off = stock.data && !live
              return (
                <option key={s.id} value={s.id}>
                  {live?.name ?? s.name}
                  {off ? ' (switched off)' : ''}
                </option>
              )
            })}
          </select>
        </div>
      </div>

      {stock.isError && <FormMessage kind="error">The live stock could not be loaded.</FormMessage>}

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-4">
          {stock.isPending ? (
            <Spinner label="Loading the stock" className="py-6" />
          ) : (
            <CurrentReport game={game} shop={liveShop} items={items} now={now} onCorrect={correct} />
          )}
          <div id={`${id}-editor`} className="scroll-mt-20">
            <StockEditor
              game={game}
              shop={shop}
              rows={rows}
              setRows={setRows}
              correcting={correcting}
              showQuantity={shopHasQuantities(game, shop.id)}
              onPublished={() => setEditor({ key, rows: [], correcting: null })}
            />
          </div>
          <Suspense fallback={<Spinner label="Loading the reports" className="py-6" />}>
            <ShopReports
              key={key}
              game={game}
              shopId={shopId}
              live={liveShop?.report ?? null}
              items={items}
              showQuantity={shopHasQuantities(game, shopId)}
              now={now}
            />
          </Suspense>
        </div>
        <div className="min-w-0 space-y-4">
          <Suspense fallback={<Spinner label="Loading the bot tokens" className="py-6" />}>
            <IngestTokens key={game} game={game} />
          </Suspense>
          <Suspense fallback={null}>
            <AddMissingItem
              key={`${game}-add`}
              game={game}
              defaultCategory={definition.categories[0] ?? ''}
              onAdded={(item) => {
                if (definition.categories.includes(item.category))
                  setRows((old) =>
                    old.some((r) => r.item === item.id)
                      ? old
                      : [...old, { item: item.id, name: item.name, quantity: '1' }],
                  )
              }}
            />
          </Suspense>
          {game === 'grow-a-garden' && (
            <Suspense fallback={null}>
              <FeedUnknownItems game={game} now={now} />
            </Suspense>
          )}
        </div>
      </div>
      {isAdmin && (
        <Suspense fallback={<Spinner label="Loading the shop clocks" className="py-6" />}>
          <ShopClocks key={`${game}-clocks`} game={game} />
        </Suspense>
      )}
    </div>
  )
}
