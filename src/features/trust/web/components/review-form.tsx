import { useMutation } from '@tanstack/react-query'
import { Star } from 'lucide-react'
import { useId, useState } from 'react'
import { TRUST_LIMITS } from '@/features/trust/rules'
import { buttonClass } from '@/platform/web/components/ui/button'
import { FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { reviewMutation } from '../api'

const RATINGS = [1, 2, 3, 4, 5] as const
const MAX = TRUST_LIMITS.maxComment

/**
 * "Rate your trade with {other}": 1 to 5 stars and an optional comment, once, after an accepted trade.
 * `onDone` gets the rating once the server kept it; then `onReviewed` (the marketplace is read again: the
 * other trader's rating changes).
 */
export default function ReviewForm({
  offerId,
  other,
  onDone,
  onReviewed,
}: {
  offerId: number
  other: string
  onDone: (rating: number) => void
  onReviewed: () => void
}) {
  const review = useMutation(reviewMutation(offerId))
  const [rating, setRating] = useState(0)
  const [comment, setComment] = useState('')
  const [missing, setMissing] = useState(false)
  const id = useId()

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!rating) return setMissing(true)
    review.mutate(
      { rating, comment: comment.trim() || undefined },
      {
        onSuccess: () => {
          onDone(rating)
          onReviewed()
        },
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="mt-3 grid gap-3 rounded-xl border border-line bg-bg p-3"
    >
      <h4 id={`${id}-title`} className="font-semibold text-sm">
        Rate your trade with {other}
      </h4>
      <fieldset aria-describedby={missing && !rating ? `${id}-missing` : undefined}>
        <legend className="sr-only">Rating</legend>
        <div className="flex gap-1">
          {RATINGS.map((n) => (
            <label key={n} className="relative inline-flex size-10 items-center justify-center">
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                aria-label={`${n} star${n === 1 ? '' : 's'}`}
                className="peer absolute inset-0 cursor-pointer opacity-0"
              />
              <Star
                aria-hidden="true"
                className={`size-7 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-accent ${n <= rating ? 'fill-current text-warn' : 'text-muted'}`}
              />
            </label>
          ))}
        </div>
        {missing && !rating && (
          <p id={`${id}-missing`} className="mt-1 text-danger text-sm">
            Choose a rating
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Comment (optional)"
        rows={2}
        maxLength={MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        hint={`${comment.length} / ${MAX}`}
      />
      {review.isError && <FormMessage kind="error">{review.error.message}</FormMessage>}
      <div>
        <button type="submit" disabled={review.isPending} className={buttonClass('primary', 'sm')}>
          {review.isPending ? 'Sending…' : 'Send review'}
        </button>
      </div>
    </form>
  )
}
