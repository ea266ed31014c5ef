import { Hono } from 'hono'
import { type SessionEnv, withSession } from '@/platform/server/auth/session'
import { sendCachedJson } from '@/platform/server/lib/read-cache'
import { feedAnswer, feedAnswerFor } from './feed'

/**
 * /api/feed: the site feed's candidates, from real events (a tab asks at most once a minute). A
 * visitor's answer is public; a signed-in trader's is their own (private), so caches keep them apart.
 */
export const feedRoutes = new Hono<SessionEnv>().get('/', withSession, async (c) => {
  const userId = c.var.session?.user.id
  const res = userId
    ? sendCachedJson(c, await feedAnswerFor(c.var.deps, userId), 'private, max-age=60')
    : sendCachedJson(c, await feedAnswer(c.var.deps), 'public, max-age=60')
  res.headers.set('Vary', 'Cookie')
  return res
})
