import { useEffect, useState } from 'react'
import type { FeedItem } from '@/features/alerts/contract'
import { formatCountdown } from '@/features/stock/rules'
import { formatTimeOfDay } from '@/platform/web/lib/format'

/** A running countdown to `endsAt`, read out once as the time it ends (not every second). */
function Countdown({ endsAt }: { endsAt: string }) {
  const end = Date.parse(endsAt)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  return (
    <>
      <span aria-hidden="true" className="tabular-nums">
        {formatCountdown(end - now)}
      </span>
      <span className="sr-only">until {formatTimeOfDay(new Date(end))}</span>
    </>
  )
}

/** The toast's text under its title: limited-time and low-stock count down to the window's end. */
export function FeedToastText({ item }: { item: FeedItem }) {
  if (!item.endsAt) return <>{item.description}</>
  if (item.type === 'limited-time')
    return (
      <>
        {item.description} for <Countdown endsAt={item.endsAt} />
      </>
    )
  return (
    <>
      {item.description} · <Countdown endsAt={item.endsAt} /> left
    </>
  )
}
