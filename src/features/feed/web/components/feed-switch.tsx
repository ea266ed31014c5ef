import { setFeedOn } from '../preference'
import { useFeedOn } from '../use-feed-on'

/** The footer's switch of the live feed (the toasts of what happens on the site). */
export function FeedSwitch() {
  const on = useFeedOn()
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => setFeedOn(!on)}
      className="inline-flex min-h-6 items-center hover:text-ink"
    >
      Live feed<span aria-hidden="true">: {on ? 'on' : 'off'}</span>
    </button>
  )
}
