import { Link, useParams } from 'react-router'
import { NotFoundPage } from '@/web/app/not-found-page'
import { ErrorPanel } from '@/web/app/shell/error-panel'
import { Page } from '@/web/components/ui/page'
import { Spinner } from '@/web/components/ui/spinner'
import { ApiError } from '@/web/lib/api'
import { formatDay } from '@/web/lib/format'
import { usePageMeta } from '@/web/lib/page-meta'
import { useItem } from '../api'
import { formatValue } from '../format-value'

export function ItemPage() {
  const { gameId = '', itemId = '' } = useParams()
  const query = useItem(gameId, itemId)
  const data = query.data
  usePageMeta(
    data && `${data.item.name} value (${data.game.name})`,
    data &&
      `${data.item.name} in ${data.game.name}: value ${formatValue(data.item.value)}, demand ${data.item.demand ?? 'unknown'}/10.`,
  )

  if (query.isPending) return <Spinner label="Loading item" />
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
      return <NotFoundPage />
    return <ErrorPanel onRetry={() => query.refetch()} />
  }
  const { item, game } = query.data
  const facts: [string, string][] = [
    ['Value', formatValue(item.value)],
    ['Demand', item.demand === null ? 'unknown' : `${item.demand}/10`],
    ['Trend', item.trend ?? 'unknown'],
    ['Rarity', item.rarity ?? 'unknown'],
    ['Category', item.category ?? 'unknown'],
    [
      `Price (${game.currency})`,
      item.inGamePrice === null ? 'not sold for it' : formatValue(item.inGamePrice),
    ],
    ['Price (Robux)', item.robuxPrice === null ? 'not sold for Robux' : formatValue(item.robuxPrice)],
    ['Value as of', item.valueChangedAt ? formatDay(item.valueChangedAt) : '—'],
  ]
  return (
    <Page
      title={item.name}
      lead={
        <Link to={`/trade-helper/${game.id}`} className="text-accent hover:underline">
          {game.name}
        </Link>
      }
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line bg-surface p-3">
            <dt className="text-muted text-xs">{label}</dt>
            <dd className="mt-1 font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {item.notes && <p className="mt-6 text-muted text-sm">{item.notes}</p>}
    </Page>
  )
}
