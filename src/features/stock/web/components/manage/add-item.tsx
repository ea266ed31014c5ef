import { type FormEvent, useId, useState } from 'react'
import { STOCK_ITEM_CATEGORIES, STOCK_RARITIES } from '@/features/stock/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage } from '@/platform/web/components/ui/field'
import { toast } from '@/platform/web/lib/toast'
import type { StockGameId } from '@/shared/games'
import { useAddStockItem } from '../../api'
import { errorText, Panel, selectClass } from './panel'

/** Adds an item the catalog does not have yet (a new cosmetic, a new fruit). */
export function AddMissingItem({
  game,
  defaultCategory,
  onAdded,
}: {
  game: StockGameId
  defaultCategory: string
  onAdded: (item: { id: string; name: string; category: string }) => void
}) {
  const id = useId()
  const add = useAddStockItem(game)
  const categories = STOCK_ITEM_CATEGORIES[game]
  const rarities = STOCK_RARITIES[game]
  const [name, setName] = useState('')
  const [category, setCategory] = useState(
    categories.includes(defaultCategory) ? defaultCategory : categories[0],
  )
  const [rarity, setRarity] = useState(rarities[0])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim() || !category || !rarity) return
    add.mutate(
      { name: name.trim(), category, rarity },
      {
        onSuccess: (item) => {
          toast.success(`${item.name} added to the catalog`)
          setName('')
          onAdded({ ...item, category })
        },
      },
    )
  }
  return (
    <Panel id="add-item" title="Add a missing item">
      <form onSubmit={submit} aria-labelledby="add-item" className="space-y-3">
        <p className="text-muted text-sm">
          For an item the catalog does not have yet. It is added to the stock you are building when it fits
          the shop.
        </p>
        <Field
          label="Name"
          autoComplete="off"
          required
          minLength={2}
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor={`${id}-category`} className="font-medium text-sm">
              Category
            </label>
            <select
              id={`${id}-category`}
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              className={selectClass}
            >
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-rarity`} className="font-medium text-sm">
              Rarity
            </label>
            <select
              id={`${id}-rarity`}
              value={rarity}
              onChange={(e) => setRarity(e.target.value)}
              className={selectClass}
            >
              {rarities.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
        </div>
        {add.isError && (
          <FormMessage kind="error">{errorText(add.error, 'The item could not be added')}</FormMessage>
        )}
        <button
          type="submit"
          disabled={add.isPending || name.trim().length < 2}
          className={buttonClass('primary', 'md')}
        >
          Add item
        </button>
      </form>
    </Panel>
  )
}
