import { Trash2 } from 'lucide-react'
import { type FormEvent, Suspense, useId, useRef, useState } from 'react'
import { ItemPicker } from '@/features/catalog/web/public'
import type { ShopDefinition } from '@/features/stock/rules'
import { STOCK_LIMITS } from '@/features/stock/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { toast } from '@/platform/web/lib/toast'
import { usePublishReport } from '../../api'
import { type EditorRow, quantityError, toReportItems } from '../../manage'
import { errorText, Panel } from './panel'

/**
 * Builds one shop's stock (type-ahead for items of the shop's categories, a quantity each where the
 * shop has quantities: `showQuantity`) and publishes it. The rows are owned by the page, so "Correct"
 * and "Add a missing item" can fill them.
 */
export function StockEditor({
  game,
  shop,
  rows,
  setRows,
  correcting,
  showQuantity,
  onPublished,
}: {
  game: string
  shop: Pick<ShopDefinition, 'id' | 'name' | 'categories'>
  rows: EditorRow[]
  setRows: (change: (rows: EditorRow[]) => EditorRow[]) => void
  /** The time of the report being corrected, when the rows came from "Correct". */
  correcting: string | null
  /** The shop sells in quantities (`shopHasQuantities`): each item's is asked and sent; else none. */
  showQuantity: boolean
  onPublished: () => void
}) {
  const id = useId()
  const publish = usePublishReport(game)
  const [notice, setNotice] = useState('')
  const [tried, setTried] = useState(false)
  const list = useRef<HTMLOListElement>(null)
  const invalid = showQuantity && rows.some((r) => quantityError(r.quantity))

  const focusQuantity = (item: string) =>
    requestAnimationFrame(() =>
      list.current?.querySelector<HTMLInputElement>(`input[data-item="${CSS.escape(item)}"]`)?.focus(),
    )

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTried(true)
    if (rows.length === 0 || invalid) return
    publish.mutate(
      { shop: shop.id, items: toReportItems(rows, showQuantity) },
      {
        onSuccess: ({ created }) => {
          toast.success(created ? 'Stock published' : 'Same as the current stock: nothing changed')
          setTried(false)
          onPublished()
        },
      },
    )
  }

  return (
    <Panel id={`${id}-title`} title={`Stock of the ${shop.name}`}>
      <form
        // Enter in the type-ahead picks an item; with no list open it must not publish the stock.
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).getAttribute('role') === 'combobox')
            e.preventDefault()
        }}
        onSubmit={submit}
        aria-labelledby={`${id}-title`}
        noValidate
        className="space-y-3"
      >
        {correcting && (
          <FormMessage kind="info">
            Correcting the report of {correcting}: publishing replaces it.
          </FormMessage>
        )}
        <Suspense fallback={<p className="py-2.5 text-muted text-sm">Loading the item search…</p>}>
          <ItemPicker
            game={game}
            label={`Add an item to the ${shop.name}`}
            categories={shop.categories}
            placeholder="Add an item: type its name"
            disabled={rows.length >= STOCK_LIMITS.maxItems}
            onPick={(item) => {
              if (rows.some((r) => r.item === item.id)) {
                setNotice(`${item.name} is already in the list`)
                focusQuantity(item.id)
                return
              }
              setNotice('')
              setRows((old) => [
                ...old,
                { item: item.id, name: item.name, quantity: showQuantity ? '1' : '' },
              ])
              if (showQuantity) focusQuantity(item.id)
            }}
          />
        </Suspense>
        <p role="status" className="min-h-0 text-muted text-sm empty:hidden">
          {notice}
        </p>
        {rows.length === 0 ? (
          <p className="rounded-lg bg-surface-2/70 px-3 py-4 text-center text-muted text-sm">
            No items yet: add what the shop sells now.
          </p>
        ) : (
          <ol ref={list} aria-label="Items of the stock" className="space-y-1.5">
            {rows.map((row) => {
              const error =
                showQuantity && (tried || row.quantity !== '') ? quantityError(row.quantity) : null
              const inputId = `${id}-q-${row.item}`
              return (
                <li key={row.item} className="rounded-xl bg-surface-2/70 px-3 py-2">
                  <div className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate font-medium">{row.name}</span>
                    {showQuantity && (
                      <>
                        <label htmlFor={inputId} className="sr-only">
                          Quantity of {row.name}
                        </label>
                        <span aria-hidden="true" className="text-muted">
                          ×
                        </span>
                        <input
                          id={inputId}
                          data-item={row.item}
                          type="number"
                          inputMode="numeric"
                          min={STOCK_LIMITS.minQuantity}
                          max={STOCK_LIMITS.maxQuantity}
                          step={1}
                          value={row.quantity}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${inputId}-error` : undefined}
                          onChange={(e) =>
                            setRows((old) =>
                              old.map((r) => (r.item === row.item ? { ...r, quantity: e.target.value } : r)),
                            )
                          }
                          className="w-20 rounded-lg border border-line bg-bg px-2 py-1.5 text-right tabular-nums aria-invalid:border-danger"
                        />
                      </>
                    )}
                    <button
                      type="button"
                      onClick={() => setRows((old) => old.filter((r) => r.item !== row.item))}
                      className="rounded-lg p-2 text-muted hover:bg-surface hover:text-danger"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="sr-only">Remove {row.name}</span>
                    </button>
                  </div>
                  {error && (
                    <p id={`${inputId}-error`} className="mt-1 text-danger text-sm">
                      {error}
                    </p>
                  )}
                </li>
              )
            })}
          </ol>
        )}
        {tried && rows.length === 0 && <FormMessage kind="error">Add at least one item.</FormMessage>}
        {publish.isError && (
          <FormMessage kind="error">
            {errorText(publish.error, 'The stock could not be published.')}
          </FormMessage>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={publish.isPending} className={buttonClass('primary', 'md')}>
            {publish.isPending ? 'Publishing…' : 'Publish'}
          </button>
          {rows.length > 0 && (
            <button
              type="button"
              onClick={() => {
                setRows(() => [])
                setTried(false)
                onPublished()
              }}
              className={buttonClass('ghost', 'md')}
            >
              Clear
            </button>
          )}
        </div>
      </form>
    </Panel>
  )
}
