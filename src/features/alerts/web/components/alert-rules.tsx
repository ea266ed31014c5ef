import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { AlertRule } from '@/features/alerts/contract'
import { ALERT_LIMITS } from '@/features/alerts/rules'
import { categoryLabel } from '@/features/catalog/labels'
import { STOCK_ITEM_CATEGORIES, STOCK_RARITIES, STOCK_SHOPS } from '@/features/stock/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { LoadError } from '@/platform/web/components/ui/load-error'
import { ApiError } from '@/platform/web/lib/api'
import { STOCK_GAME_NAMES, STOCK_GAMES, type StockGameId } from '@/shared/games'
import { alertRulesQuery, useCreateRule, useDeleteRule } from '../api'
import { EMPTY_RULE_FORM as EMPTY, ruleRequest } from '../view'
import { sectionClass } from './ui'

const fieldClass =
  'mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-ink aria-invalid:border-danger'

function Choice({
  label,
  value,
  options,
  onChange,
  error,
}: {
  label: string
  value: string
  options: readonly (readonly [string, string])[]
  onChange: (value: string) => void
  error?: string
}) {
  const id = useId()
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={fieldClass}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-danger text-sm">
          {error}
        </p>
      )}
    </div>
  )
}

function RuleForm({ full }: { full: boolean }) {
  const [game, setGame] = useState<StockGameId>('grow-a-garden')
  const [form, setForm] = useState(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [added, setAdded] = useState<string | null>(null)
  const create = useCreateRule()
  const oddsId = useId()
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setErrors({})
    setFormError(null)
    setAdded(null)
    create.mutate(ruleRequest(game, form), {
      onSuccess: () => {
        setForm(EMPTY)
        setAdded('Rule added')
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined
        if (fields && Object.keys(fields).length > 0) setErrors(fields)
        else
          setFormError(
            error instanceof ApiError ? error.message : 'The rule could not be saved. Please try again.',
          )
      },
    })
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New alert rule"
      className="mt-4 space-y-4 rounded-xl border border-line bg-bg/40 p-4"
    >
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Choice
          label="Game"
          value={game}
          options={STOCK_GAMES.map((g) => [g, STOCK_GAME_NAMES[g]] as const)}
          onChange={(g) => {
            setGame(g as StockGameId)
            setForm(EMPTY)
            setErrors({})
          }}
          error={errors.game}
        />
        <Choice
          label="Shop"
          value={form.shop}
          options={[['', 'Any shop'], ...STOCK_SHOPS[game].map((s) => [s.id, s.name] as const)]}
          onChange={set('shop')}
          error={errors.shop}
        />
        <Choice
          label="Category"
          value={form.category}
          options={[
            ['', 'Any category'],
            ...STOCK_ITEM_CATEGORIES[game].map((c) => [c, categoryLabel(c)] as const),
          ]}
          onChange={set('category')}
          error={errors.category}
        />
        <Choice
          label="Rarity"
          value={form.rarity}
          options={[['', 'Any rarity'], ...STOCK_RARITIES[game].map((r) => [r, r] as const)]}
          onChange={set('rarity')}
          error={errors.rarity}
        />
        <div className="sm:col-span-2">
          <label htmlFor={oddsId} className="font-medium text-sm">
            1 in N or rarer
          </label>
          <input
            id={oddsId}
            type="number"
            inputMode="numeric"
            min={ALERT_LIMITS.minRarerThan}
            max={ALERT_LIMITS.maxRarerThan}
            step={1}
            placeholder="e.g. 50"
            value={form.rarerThan}
            onChange={(e) => set('rarerThan')(e.target.value)}
            aria-invalid={errors.rarerThan ? true : undefined}
            aria-describedby={`${oddsId}-hint${errors.rarerThan ? ` ${oddsId}-error` : ''}`}
            className={fieldClass}
          />
          <p id={`${oddsId}-hint`} className="mt-1 text-muted text-xs">
            Optional: only items that appear in at most 1 of N restocks (from game data).
          </p>
          {errors.rarerThan && (
            <p id={`${oddsId}-error`} className="mt-1 text-danger text-sm">
              {errors.rarerThan}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={create.isPending || full}>
          {create.isPending ? 'Adding…' : 'Add rule'}
        </button>
        {full && (
          <span className="text-muted text-sm">
            You have {ALERT_LIMITS.maxRules} rules: remove one first.
          </span>
        )}
        {added && (
          <span role="status" className="text-accent text-sm">
            {added}
          </span>
        )}
      </div>
    </form>
  )
}

function RuleRow({ rule }: { rule: AlertRule }) {
  const remove = useDeleteRule()
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-bg/40 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium [overflow-wrap:anywhere]">{rule.description}</p>
        <p className="text-muted text-xs">
          {rule.matches} {rule.matches === 1 ? 'item matches' : 'items match'} now
        </p>
      </div>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        aria-label={`Delete rule: ${rule.description}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(rule)}
      >
        Delete
      </button>
    </li>
  )
}

/** Rules on stock ("any Prismatic seed"): the list and a form to add one. */
export function AlertRules() {
  const query = useQuery(alertRulesQuery)
  const rules = query.data?.rules ?? []
  return (
    <section aria-labelledby="alerts-rules" className={sectionClass}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="alerts-rules" className="font-semibold text-lg">
          Rules
        </h2>
        {query.data && (
          <p className="text-muted text-sm">
            {rules.length} of {ALERT_LIMITS.maxRules}
          </p>
        )}
      </div>
      <p className="mt-1 text-muted text-sm">
        Be told when any stock item that fits a rule restocks: a shop, a category, a rarity, how rare.
      </p>
      <div className="mt-4">
        {query.isPending ? (
          <p role="status" className="text-muted text-sm">
            Loading rules…
          </p>
        ) : query.isError ? (
          <LoadError what="Your rules" onRetry={() => query.refetch()} />
        ) : rules.length === 0 ? (
          <p className="text-muted text-sm">No rules yet.</p>
        ) : (
          <ul aria-label="Your rules" className="space-y-2">
            {rules.map((r) => (
              <RuleRow key={r.id} rule={r} />
            ))}
          </ul>
        )}
      </div>
      <RuleForm full={rules.length >= ALERT_LIMITS.maxRules} />
    </section>
  )
}
