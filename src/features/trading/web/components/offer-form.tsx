import { useMutation } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { SidesEditor } from '@/features/catalog/web/public'
import { DEFAULT_FAIR_BAND, type TradeResult, type TradeSlot } from '@/features/catalog/wfl'
import type { TradeAd } from '@/features/trading/contract'
import { TRADING_LIMITS } from '@/features/trading/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { counterOfferStart } from '../offer-view'
import { makeOfferMutation } from '../offers-api'
import { sideErrors, toRequestSlots } from '../sides'
import { TradeVerdict } from './trade-verdict'

type Sides = { give: TradeSlot[]; get: TradeSlot[] }

const L = TRADING_LIMITS
/** The live result as an offer's `wfl` reads it: the offerer gives `give` and gets `get`. */
const asWfl = (result: TradeResult) => ({
  offering: result.give.total,
  requesting: result.get.total,
  difference: result.difference,
  percent: result.percent,
  verdict: result.verdict,
  band: DEFAULT_FAIR_BAND,
})

/**
 * A counter-offer on an ad: the sides editor starts from "as requested" (the offerer gives what the
 * ad requests and gets what it offers), with live totals and the verdict for the offerer, and a note.
 */
export function OfferForm({ ad, onDone }: { ad: TradeAd; onDone: () => void }) {
  const [sides, setSides] = useState<Sides>(() => counterOfferStart(ad))
  const [note, setNote] = useState('')
  const send = useMutation(makeOfferMutation(ad.id))
  const error = send.error instanceof ApiError ? send.error : null
  const fields = error?.fields
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    send.mutate(
      {
        offering: toRequestSlots(sides.give),
        requesting: toRequestSlots(sides.get),
        ...(note.trim() && { note }),
      },
      {
        onSuccess: () => {
          toast.success('Counter-offer sent', { description: `${ad.owner.username} is notified.` })
          onDone()
        },
      },
    )
  }
  const formError =
    send.error &&
    (!fields || Object.keys(fields).every((key) => key === 'note')) &&
    (error?.status === 429 && error.retryAfterSeconds
      ? `${error.message}. Try again in ${Math.ceil(error.retryAfterSeconds / 60)} min.`
      : send.error.message)

  return (
    <form onSubmit={submit} aria-label="Counter-offer" className="flex flex-col gap-4">
      <Suspense fallback={<Spinner label="Loading the items" />}>
        <SidesEditor
          game={ad.game}
          sides={sides}
          titles={{ give: 'You give', get: 'You get' }}
          onChange={setSides}
          max={{ give: L.maxOfferSide, get: L.maxOfferSide }}
          modifiers={false}
          errors={{ give: sideErrors(fields, 'offering'), get: sideErrors(fields, 'requesting') }}
        >
          {(result, loading) => (
            <div aria-busy={loading} className="rounded-xl border border-line bg-surface p-3">
              <TradeVerdict wfl={asWfl(result)} viewpoint="author" label="Your verdict" />
            </div>
          )}
        </SidesEditor>
      </Suspense>
      <TextAreaField
        label="Note (optional)"
        hint={`${note.length} / ${L.maxNote}`}
        error={fields?.note}
        value={note}
        maxLength={L.maxNote}
        rows={2}
        onChange={(e) => setNote(e.target.value)}
      />
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={send.isPending} className={buttonClass('primary')}>
          {send.isPending ? 'Sending…' : 'Send counter-offer'}
        </button>
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancel
        </button>
      </div>
    </form>
  )
}
