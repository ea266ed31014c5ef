import { Star } from 'lucide-react'
import { formatCount } from '@/platform/web/lib/format'

/** A rating out of 5 and how many gave it: the average (null: none yet) and the count. */
export interface RatingFigures {
  average: number | null
  count: number
}

/** Someone's ratings in a few words: "★ 4.8 (12 reviews)", or "No reviews yet". */
export function Rating({ reviews }: { reviews: RatingFigures }) {
  if (reviews.average === null || reviews.count === 0)
    return <span className="text-muted text-xs">No reviews yet</span>
  return (
    <span className="inline-flex items-center gap-1 text-xs">
      <Star aria-hidden="true" className="size-3.5 fill-current text-warn" />
      <span className="font-semibold text-ink">
        {reviews.average.toFixed(1)}
        <span className="sr-only"> out of 5</span>
      </span>
      <span className="text-muted">
        ({formatCount(reviews.count)} review{reviews.count === 1 ? '' : 's'})
      </span>
    </span>
  )
}
