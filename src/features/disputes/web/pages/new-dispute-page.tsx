import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { SignInPrompt, useMe } from '@/features/accounts/web/public'
import {
  DISPUTE_LIMITS,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type DisputeReason,
} from '@/features/disputes/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { Page } from '@/platform/web/components/ui/page'
import { Select } from '@/platform/web/components/ui/select'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { useOpenDispute } from '../api'
import { ImageField } from '../components/image-field'

/** The form: what went wrong, what happened, one screenshot (more can be added on the dispute's page). */
function OpenDisputeForm({ offerId }: { offerId: number }) {
  const navigate = useNavigate()
  const openDispute = useOpenDispute(offerId)
  const [reason, setReason] = useState<DisputeReason>('not-received')
  const [details, setDetails] = useState('')
  const [image, setImage] = useState<File | null>(null)
  const error = openDispute.error instanceof ApiError ? openDispute.error : null
  return (
    <form
      className="space-y-4 rounded-2xl border border-line bg-surface p-5 sm:p-6"
      onSubmit={(e) => {
        e.preventDefault()
        openDispute.mutate(
          { request: { reason, details }, image },
          {
            onSuccess: ({ id, imageError }) => {
              toast.success(
                imageError
                  ? `Dispute opened; the image was refused: ${imageError.message}`
                  : 'Dispute opened',
              )
              navigate(`/dispute-center/${id}`)
            },
          },
        )
      }}
    >
      <Select
        label="What went wrong"
        value={reason}
        options={DISPUTE_REASONS.map((r) => [r, DISPUTE_REASON_LABELS[r]] as const)}
        onChange={(v) => setReason(v as DisputeReason)}
      />
      <TextAreaField
        label="What happened"
        hint="The items, the time, what the other trader said. The other trader and the moderators read it."
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        maxLength={DISPUTE_LIMITS.maxDetails}
        rows={5}
        required
        error={error?.fields?.details ?? null}
      />
      <ImageField label="Screenshot (optional)" onChange={setImage} />
      {error && !error.fields?.details && <FormMessage kind="error">{error.message}</FormMessage>}
      <button type="submit" disabled={openDispute.isPending} className={buttonClass('primary')}>
        {openDispute.isPending ? 'Opening…' : 'Open the dispute'}
      </button>
    </form>
  )
}

/** /dispute-center/new?offer=ID: a trader opens a dispute on an accepted or completed trade of theirs. */
export function NewDisputePage() {
  const [search] = useSearchParams()
  const { me, isPending } = useMe()
  const offer = Number(search.get('offer'))
  const valid = Number.isSafeInteger(offer) && offer > 0
  const back = `/dispute-center/new${valid ? `?offer=${offer}` : ''}`
  return (
    <Page
      title="Open a dispute"
      lead={`A moderator decides. Disputes are for trades accepted or completed in the last ${DISPUTE_LIMITS.windowDays} days.`}
    >
      {isPending ? (
        <Spinner label="Checking your account" />
      ) : !me ? (
        <SignInPrompt back={back}>Sign in to open a dispute on a trade of yours.</SignInPrompt>
      ) : !valid ? (
        <FormMessage kind="error">
          Open a dispute from the trade: find it in <Link to="/trading/mine">My trades</Link>.
        </FormMessage>
      ) : (
        <OpenDisputeForm offerId={offer} />
      )}
    </Page>
  )
}
