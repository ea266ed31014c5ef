/** What the achievements show on lower features' pages (its web manifest fills their slots). */
import { Suspense } from 'react'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { Part } from '@/platform/web/lib/part'
import { TraderAchievements } from './public'

/** A public profile's achievements with their days (a part of the page, after the reputation). */
export function AchievementsSection({ username }: { username: string }) {
  return (
    <Part>
      <Suspense fallback={<Spinner label="Loading achievements" />}>
        <TraderAchievements username={username} />
      </Suspense>
    </Part>
  )
}
