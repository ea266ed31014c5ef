/** What the Discord bot shows on lower features' pages (its web manifest fills their slots). */
import { Suspense } from 'react'
import { lazy } from '@/platform/web/lib/lazy'

const DiscordDms = lazy(async () => ({ default: (await import('./components/discord-dms')).DiscordDms }))

/** The Alerts tab's "Discord DMs": the Discord user the bot DMs, and disconnecting it. */
export function DiscordDmsSection() {
  return (
    <Suspense fallback={null}>
      <DiscordDms />
    </Suspense>
  )
}
