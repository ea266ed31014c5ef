import { Slot } from '@/platform/web/lib/slots'
import { useMe } from '../api'
import { profileActions } from '../slots'
import { BlockButton } from './block-button'

/**
 * Block, and what higher features add (Report), for a signed-in viewer on someone else's profile
 * (nothing for a visitor).
 */
export function ProfileActions({ username }: { username: string }) {
  const { me } = useMe()
  if (!me || me.profile.username === username) return null
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <BlockButton username={username} />
      <Slot slot={profileActions} username={username} />
    </div>
  )
}
