import { Clock } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { formatCountdown, GROW_A_GARDEN_SHOPS, nextRestockAt } from '@/shared/restock'
import { Page, Prose } from '@/web/components/ui/page'

function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

function RestockTimers() {
  const now = useNow()
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {GROW_A_GARDEN_SHOPS.map((shop) => {
        const next = nextRestockAt(shop.intervalMinutes, now)
        return (
          <li
            key={shop.id}
            className="flex items-center justify-between rounded-xl border border-line bg-surface p-4"
          >
            <div>
              <p className="font-semibold">{shop.label}</p>
              <p className="text-muted text-sm">
                Restocks every{' '}
                {shop.intervalMinutes >= 60
                  ? `${shop.intervalMinutes / 60} h`
                  : `${shop.intervalMinutes} min`}
              </p>
            </div>
            <p className="flex items-center gap-2 font-mono text-accent text-lg tabular-nums">
              <Clock aria-hidden="true" className="size-4" />
              <span className="sr-only">Next restock in</span>
              <time dateTime={new Date(next).toISOString()}>{formatCountdown(next - now)}</time>
            </p>
          </li>
        )
      })}
    </ul>
  )
}

export function GrowAGardenStockPage() {
  return (
    <Page
      title="Grow a Garden stock"
      lead="When each Grow a Garden shop restocks next, counted down live."
      wide
    >
      <RestockTimers />
      <Prose>
        <h2>How restocks work</h2>
        <p>
          The seed shop (Sam) and the gear shop (Eloise) restock every 5 minutes, the egg shop (Raphael) every
          30 minutes, the event shop every hour and the cosmetic shop every 4 hours, on the clock's
          boundaries. Each item appears in a restock with its own chance: a Carrot is in every restock, a
          Beanstalk in about 1 of 210.
        </p>
        <p>
          What is in stock right now is reported by stock managers; live stock lists are being added.
          Meanwhile, check what your pets and seeds are worth on the{' '}
          <Link to="/trade-helper/grow-a-garden">Grow a Garden values</Link> page.
        </p>
      </Prose>
    </Page>
  )
}

export function BloxFruitsStockPage() {
  return (
    <Page title="Blox Fruits stock" lead="The Blox Fruit Dealer's stock and when it changes." wide>
      <Prose>
        <h2>How the dealer restocks</h2>
        <p>
          The Blox Fruit Dealer's normal stock resets every <strong>4 hours</strong>. Community trackers
          disagree on the Mirage Island dealer's timing, so we do not show a countdown for it until it is
          confirmed.
        </p>
        <p>
          The fruits in stock right now are reported by stock managers; live stock lists are being added.
          Until then, compare fruit values on the{' '}
          <Link to="/trade-helper/blox-fruits">Blox Fruits values</Link> page.
        </p>
      </Prose>
    </Page>
  )
}
