import { Hono } from 'hono'
import type { AppEnv } from '@/server/context'
import { sendCachedJson } from '@/server/lib/read-cache'
import { feedAnswer } from './feed'

/** /api/feed: the site feed's candidates, from real events (public; a tab asks at most once a minute). */
export const feedRoutes = new Hono<AppEnv>().get('/', async (c) =>
  sendCachedJson(c, await feedAnswer(c.var.deps), 'public, max-age=60'),
)
