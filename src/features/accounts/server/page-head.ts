import type { HeadResolver } from '@/platform/server/context'
import { AppError } from '@/platform/server/lib/errors'
import { findPublicProfile } from './service'

/** /u/{username}: the trader's name and bio in the HTML (Discord previews); an unknown one is the 404 page. */
export const profilePageHead: HeadResolver = async (deps, { params }) => {
  const username = params.username ?? ''
  try {
    const { profile } = await findPublicProfile(deps.database.db, username)
    const bio = profile.bio.replace(/\s+/g, ' ').trim()
    return {
      title: `${profile.displayName} (@${username}) — trader profile`,
      description: bio
        ? `${bio.slice(0, 150)}${bio.length > 150 ? '…' : ''}`
        : `${profile.displayName} trades on TradeHub: profile, links and favorite items.`,
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return 'not-found'
    throw error
  }
}
