import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { MiddlemanRequest, OfferMiddlemanResponse } from '@/features/middlemen/contract'
import type { TradeOffer } from '@/features/trading/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage } from '@/platform/web/components/ui/field'
import { ApiError, apiFetch } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'

const key = (offerId: number) => ['trade-offers', 'middleman', offerId] as const
const errorText = (error: Error) => (error instanceof ApiError ? error.message : 'Please try again.')

/** Rating a closed job, once: 1 to 5. */
function RateJob({ request }: { request: MiddlemanRequest }) {
  const client = useQueryClient()
  const [rating, setRating] = useState(5)
  const id = useId()
  const rate = useMutation({
    mutationFn: () =>
      apiFetch<void>(`/api/middleman/requests/${request.id}/rating`, { method: 'POST', body: { rating } }),
    onSuccess: () => {
      toast('Thanks for rating the middleman')
      return client.invalidateQueries({ queryKey: key(request.offerId) })
    },
  })
  return (
    <form
      className="mt-2 flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        rate.mutate()
      }}
    >
      <label htmlFor={id}>Rate {request.middleman}'s job</label>
      <select
        id={id}
        value={rating}
        onChange={(e) => setRating(Number(e.target.value))}
        className="min-h-9 rounded-lg border border-line bg-bg px-2"
      >
        {[5, 4, 3, 2, 1].map((n) => (
          <option key={n} value={n}>
            {n} star{n === 1 ? '' : 's'}
          </option>
        ))}
      </select>
      <button type="submit" disabled={rate.isPending} className={buttonClass('secondary', 'sm')}>
        Rate
      </button>
      {rate.isError && <FormMessage kind="error">{errorText(rate.error)}</FormMessage>}
    </form>
  )
}

function State({ answer, offer }: { answer: OfferMiddlemanResponse; offer: TradeOffer }) {
  const { request, rated } = answer
  const client = useQueryClient()
  const change = useMutation({
    mutationFn: (method: 'POST' | 'DELETE') =>
      apiFetch<unknown>(`/api/trade-offers/${offer.id}/middleman`, { method }),
    onSuccess: (_, method) => {
      toast(method === 'POST' ? 'Middleman requested' : 'Request withdrawn')
      return client.invalidateQueries({ queryKey: key(offer.id) })
    },
  })
  const open = !request || request.status === 'cancelled'
  if (open && offer.status !== 'accepted') return null
  return (
    <div className="mt-3 rounded-lg border border-line bg-bg p-3 text-sm">
      <p className="flex items-center gap-1.5 font-semibold">
        <ShieldCheck aria-hidden="true" className="size-4 text-accent" /> Official middleman
      </p>
      {open ? (
        <>
          <p className="mt-1 text-muted">
            Not sure who should go first? An official TradeHub middleman can hold one side in the game.{' '}
            <Link to="/escrow-service" className="underline underline-offset-2">
              How it works
            </Link>
          </p>
          <button
            type="button"
            disabled={change.isPending}
            onClick={() => change.mutate('POST')}
            className={`${buttonClass('secondary', 'sm')} mt-2`}
          >
            Request a middleman
          </button>
        </>
      ) : request.status === 'open' ? (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <p>Waiting for an official middleman to take the trade.</p>
          <button
            type="button"
            disabled={change.isPending}
            onClick={() => change.mutate('DELETE')}
            className={buttonClass('ghost', 'sm')}
          >
            Withdraw the request
          </button>
        </div>
      ) : request.status === 'claimed' ? (
        <p className="mt-1">
          {request.middleman}, a TradeHub middleman, is handling this trade: talk in the conversation.
        </p>
      ) : (
        <>
          <p className="mt-1">
            {request.middleman} closed the job as {request.status}
            {request.note ? `: ${request.note}` : '.'}
          </p>
          {rated ? <p className="mt-1 text-muted">You rated this job.</p> : <RateJob request={request} />}
        </>
      )}
      {change.isError && (
        <div className="mt-2">
          <FormMessage kind="error">{errorText(change.error)}</FormMessage>
        </div>
      )}
    </div>
  )
}

/** An accepted or completed offer's middleman: request one, its state, and rating the job once closed. */
export default function OfferMiddleman({ offer }: { offer: TradeOffer }) {
  const query = useQuery({
    queryKey: key(offer.id),
    queryFn: ({ signal }) =>
      apiFetch<OfferMiddlemanResponse>(`/api/trade-offers/${offer.id}/middleman`, { signal }),
  })
  return query.data ? <State answer={query.data} offer={offer} /> : null
}
