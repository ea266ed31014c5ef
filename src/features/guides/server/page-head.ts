import type { HeadResolver } from '@/platform/server/context'
import { AppError } from '@/platform/server/lib/errors'
import { getPublishedGuide } from './service'

/** /guides/:slug: the guide's title and summary; an unknown guide or a draft answers the 404 page. */
export const guidePageHead: HeadResolver = async (deps, { params }) => {
  try {
    const guide = await getPublishedGuide(deps.database.db, params.slug ?? '')
    return { title: `${guide.title} — TradeHub guide`, description: guide.summary || guide.title }
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return 'not-found'
    throw error
  }
}
