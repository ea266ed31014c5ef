/**
 * What the marketplace shows on lower features' pages (its web manifest fills their slots): trade ads on
 * an item's page and on a trader's profile.
 */
import { Suspense } from 'react'
import { TradeAdsSection } from './public'

/** The item page's "Trade ads": the open ads that offer the item, and those that ask for it. */
export function ItemTradeAds({ game, item, name }: { game: string; item: string; name: string }) {
  return (
    <Suspense fallback={null}>
      <TradeAdsSection
        heading="Trade ads"
        lists={[
          { title: `Have ${name}`, filter: { game, has: item }, empty: `No open ad offers ${name}.` },
          { title: `Want ${name}`, filter: { game, wants: item }, empty: `No open ad asks for ${name}.` },
        ]}
        postHref={`/trading/new?game=${game}`}
      />
    </Suspense>
  )
}

/** A public profile's "Trade ads": the trader's open ads. */
export function ProfileOpenAds({ username }: { username: string }) {
  return (
    <Suspense fallback={null}>
      <TradeAdsSection
        heading="Trade ads"
        lists={[{ title: 'Open ads', filter: { user: username }, empty: 'No open ads.' }]}
        showGame
      />
    </Suspense>
  )
}
