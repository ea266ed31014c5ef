import { useMutation } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { SidesEditor } from '@/features/catalog/web/public'
import { DEFAULT_FAIR_BAND, type TradeResult, type TradeSlot } from '@/features/catalog/wfl'
import type { TradeAd, TradeOffer } from '@/features/trading/contract'
import { TRADING_LIMITS } from '@/features/trading/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { counterBody, counterOfferStart, counterStart, type OfferRole, otherTrader } from '../offer-view'
import { counterMutation, makeOfferMutation } from '../offers-api'
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

type SendError = ApiError | Error | null

/**
 * The form's own message, unless the error names a side's slot (shown on it): a 429 with its wait, a
 * refusal, or an error of a field the form shows beside its box too (`alsoShown`: the note).
 */
function formErrorOf(error: SendError, alsoShown: readonly string[] = ['note']): string | null {
  if (!error) return null
  const fields = error instanceof ApiError ? error.fields : undefined
  if (fields && !Object.keys(fields).every((key) => alsoShown.includes(key))) return null
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds)
    return `${error.message}. Try again in ${Math.ceil(error.retryAfterSeconds / 60)} min.`
  return error.message
}

/**
 * The sides editor of new terms, from the viewer's side (they give `give`, get `get`), with live totals
 * and the verdict for them: an offer's counter-offer on an ad, and a counter on an offer.
 */
function TermsEditor({
  game,
  sides,
  onChange,
  errors,
}: {
  game: TradeAd['game']
  sides: Sides
  onChange: (sides: Sides) => void
  errors: { give: ReturnType<typeof sideErrors>; get: ReturnType<typeof sideErrors> }
}) {
  return (
    <Suspense fallback={<Spinner label="Loading the items" />}>
      <SidesEditor
        game={game}
        sides={sides}
        titles={{ give: 'You give', get: 'You get' }}
        onChange={onChange}
        max={{ give: L.maxOfferSide, get: L.maxOfferSide }}
        modifiers={false}
        errors={errors}
      >
        {(result, loading) => (
          <div aria-busy={loading} className="rounded-xl border border-line bg-surface p-3">
            <TradeVerdict wfl={asWfl(result)} viewpoint="author" label="Your verdict" />
          </div>
        )}
      </SidesEditor>
    </Suspense>
  )
}

/**
 * A counter-offer on an ad: the sides editor starts from "as requested" (the offerer gives what the
 * ad requests and gets what it offers), with live totals and the verdict for the offerer, and a note.
 */
export function OfferForm({ ad, onDone }: { ad: TradeAd; onDone: () => void }) {
  const [sides, setSides] = useState<Sides>(() => counterOfferStart(ad))
  const [note, setNote] = useState('')
  const send = useMutation(makeOfferMutation(ad.id))
  const fields = send.error instanceof ApiError ? send.error.fields : undefined
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
  const formError = formErrorOf(send.error)

  return (
    <form onSubmit={submit} aria-label="Counter-offer" className="flex flex-col gap-4">
      <TermsEditor
        game={ad.game}
        sides={sides}
        onChange={setSides}
        errors={{ give: sideErrors(fields, 'offering'), get: sideErrors(fields, 'requesting') }}
      />
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

/**
 * A counter on an offer, by the trader whose turn it is: the same editor, starting from the offer's
 * current terms as the viewer sees them. The other trader is notified, and it is their turn.
 */
export function CounterForm({
  offer,
  role,
  onDone,
}: {
  offer: TradeOffer
  role: OfferRole
  onDone: () => void
}) {
  const [sides, setSides] = useState<Sides>(() => counterStart(offer, role))
  const send = useMutation(counterMutation(offer.id))
  const fields = send.error instanceof ApiError ? send.error.fields : undefined
  // The server names the offer's sides: the viewer's "give" is the offerer's `offering` only for them.
  const [give, get] =
    role === 'offerer' ? (['offering', 'requesting'] as const) : (['requesting', 'offering'] as const)
  const other = otherTrader(offer, role).username
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    send.mutate(counterBody(sides, role), {
      onSuccess: () => {
        toast.success('Counter sent', { description: `${other} is notified.` })
        onDone()
      },
    })
  }
  const formError = formErrorOf(send.error, [])
  return (
    <form onSubmit={submit} aria-label={`Counter to ${other}`} className="mt-3 flex flex-col gap-4">
      <TermsEditor
        game={offer.game}
        sides={sides}
        onChange={setSides}
        errors={{ give: sideErrors(fields, give), get: sideErrors(fields, get) }}
      />
      {formError && <FormMessage kind="error">{formError}</FormMessage>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={send.isPending} className={buttonClass('primary')}>
          {send.isPending ? 'Sending…' : 'Send counter'}
        </button>
        <button type="button" onClick={onDone} className={buttonClass('secondary')}>
          Cancel
        </button>
      </div>
    </form>
  )
}
