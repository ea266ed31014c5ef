import { useQuery } from '@tanstack/react-query'
import { Suspense, useId, useState } from 'react'
import { type SideErrors, SidesEditor } from '@/features/catalog/web/public'
import { isAmountSlot, type TradeSlot } from '@/features/catalog/wfl'
import {
  TRADE_LIST_LIMITS,
  type TradeListEntry,
  type TradeListEntryRequest,
  type TradeListSide,
} from '@/features/trade-lists/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { LoadError } from '@/platform/web/components/ui/load-error'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { GAME_NAMES, type GameId } from '@/shared/games'
import { myListsQuery, useSaveLists } from '../api'

type Sides = { give: TradeSlot[]; get: TradeSlot[] }

/** A list as the sides editor holds it ("I have" is its give side, "I want" its get side). */
const toEditor = (entries: readonly TradeListEntry[]): TradeSlot[] =>
  entries.map((e) => ({
    itemId: e.item,
    quantity: e.quantity,
    ...(e.variant !== null && { variant: e.variant }),
  }))

/** The editor's slots as the API takes them (items only: a typed amount is no item to have or want). */
const toRequest = (slots: readonly TradeSlot[]): TradeListEntryRequest[] =>
  slots
    .filter((s) => !isAmountSlot(s))
    .map((s) => ({
      item: s.itemId,
      quantity: s.quantity,
      ...(s.variant !== undefined && { variant: s.variant }),
    }))

/** The server's field errors of one list (`have`, `have.2.item`…), by position, as the editor shows them. */
function listErrors(
  fields: Readonly<Record<string, string>> | undefined,
  side: TradeListSide,
): SideErrors | undefined {
  if (!fields) return undefined
  const slots: Record<number, string> = {}
  let own: string | undefined
  for (const [key, message] of Object.entries(fields)) {
    const [name, index] = key.split('.')
    if (name !== side) continue
    if (index === undefined) own = message
    else slots[Number(index)] ??= message
  }
  return own === undefined && Object.keys(slots).length === 0 ? undefined : { side: own, slots }
}

function Editor({ game, initial, initialPublic }: { game: GameId; initial: Sides; initialPublic: boolean }) {
  const save = useSaveLists(game)
  const [sides, setSides] = useState<Sides>(initial)
  const [shown, setShown] = useState(initialPublic)
  const [problem, setProblem] = useState<{ fields?: Record<string, string>; message?: string }>({})
  const publicId = useId()
  const max = TRADE_LIST_LIMITS.maxPerList

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setProblem({})
    save.mutate(
      { have: toRequest(sides.give), want: toRequest(sides.get), public: shown },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0)
            setProblem({ fields: error.fields })
          else
            setProblem({
              message:
                error instanceof ApiError ? error.message : 'Your lists could not be saved. Try again.',
            })
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={`${GAME_NAMES[game]} lists`}>
      <Suspense fallback={<Spinner label="Loading the item picker" />}>
        <SidesEditor
          game={game}
          sides={sides}
          titles={{ give: 'I have', get: 'I want' }}
          max={{ give: max, get: max }}
          modifiers={false}
          errors={{ give: listErrors(problem.fields, 'have'), get: listErrors(problem.fields, 'want') }}
          onChange={(next) => setSides(next)}
        />
      </Suspense>
      <div className="flex items-start gap-2">
        <input
          id={publicId}
          type="checkbox"
          checked={shown}
          onChange={(e) => setShown(e.target.checked)}
          className="mt-0.5 size-5 accent-[var(--color-accent)]"
        />
        <label htmlFor={publicId} className="text-sm">
          Show these lists on my profile
          <span className="block text-muted text-xs">Other traders see what you have and want.</span>
        </label>
      </div>
      {problem.message && <FormMessage kind="error">{problem.message}</FormMessage>}
      {problem.fields && <FormMessage kind="error">Check the items marked above.</FormMessage>}
      <button type="submit" disabled={save.isPending} className={buttonClass('primary', 'md')}>
        {save.isPending ? 'Saving…' : 'Save lists'}
      </button>
    </form>
  )
}

/**
 * My have/want lists of one game, with the calculator's item picker (items, variants, quantities), the
 * choice to show them on my profile, and Save.
 */
export function ListsEditor({ game }: { game: GameId }) {
  const query = useQuery(myListsQuery(game))
  if (query.isPending) return <Spinner label="Loading your lists" />
  if (query.isError) return <LoadError what="Your lists" onRetry={() => query.refetch()} />
  return (
    <Editor
      // A new game, or lists saved elsewhere: the form starts from what the server has.
      key={`${game}:${query.data.updatedAt ?? ''}`}
      game={game}
      initial={{ give: toEditor(query.data.have), get: toEditor(query.data.want) }}
      initialPublic={query.data.public}
    />
  )
}
