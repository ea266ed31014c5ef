import { BlockButton, ReportButton } from '@/features/trust/web/public'
import { useMe } from '../api'

/** Block and Report a trader, for a signed-in viewer on someone else's profile (nothing for a visitor). */
export function ProfileActions({ username }: { username: string }) {
  const { me } = useMe()
  if (!me || me.profile.username === username) return null
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <BlockButton username={username} />
      <ReportButton target={{ kind: 'user', id: username }} what={username} />
    </div>
  )
}
