import { type ComponentProps, Suspense } from 'react'
import { lazy } from '@/web/lib/lazy'
import { useSeen } from '@/web/lib/use-seen'

const TradeAdsSection = lazy(async () => ({ default: (await import('./trade-ads-section')).TradeAdsSection }))

/**
 * "Trade ads" on another feature's page (an item, a profile): a heading, and the lists, whose code and
 * requests load when the section comes near the screen (nothing of it in the page's first load).
 */
export function TradeAdsWhenSeen({
  heading,
  ...section
}: ComponentProps<typeof TradeAdsSection> & { heading: string }) {
  const [ref, seen] = useSeen()
  return (
    <section ref={ref} aria-label={heading} className="mt-10">
      <h2 className="font-semibold text-xl">{heading}</h2>
      <div className="mt-4 min-h-24">
        {seen && (
          <Suspense fallback={<p className="text-muted text-sm">Loading ads…</p>}>
            <TradeAdsSection {...section} />
          </Suspense>
        )}
      </div>
    </section>
  )
}
