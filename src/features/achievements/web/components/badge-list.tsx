import type { EarnedAchievement } from '@/features/achievements/contract'
import { formatDay } from '@/platform/web/lib/format'

/** Achievements with their picture, name, rule and the day each was earned. */
export function BadgeList({ achievements }: { achievements: readonly EarnedAchievement[] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {achievements.map((a) => (
        <li key={a.id} className="flex items-start gap-3 rounded-lg border border-line bg-surface-2 p-3">
          <span aria-hidden="true" className="text-2xl leading-none">
            {a.icon}
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-sm">{a.name}</p>
            <p className="text-muted text-xs">
              Earned <time dateTime={a.earnedAt}>{formatDay(a.earnedAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}
