import { type Context, Hono } from 'hono'
import { blockedUsernames } from '@/features/accounts/server/public'
import {
  type CreatedResponse,
  type MyTradesResponse,
  type MyTradesWaitingResponse,
  type TradeAdResponse,
  type TradeAdsResponse,
  type TradeMessage,
  type TradeMessagesResponse,
  type TradeOfferResponse,
  type TradeOffersResponse,
  tradeAdRequestSchema,
  tradeAdsQuerySchema,
  tradeCounterRequestSchema,
  tradeIdParamSchema,
  tradeMessageRequestSchema,
  tradeOfferRequestSchema,
} from '@/features/trading/contract'
import { requireUser, type UserEnv } from '@/platform/server/auth/session'
import { type CachedJson, sendCachedJson } from '@/platform/server/lib/read-cache'
import { hasSessionCookie } from '@/platform/server/lib/shared-answers'
import { jsonBody, paramsOf, queryParams } from '@/platform/server/lib/validate'
import { cachedAd, cachedAdList, closeAd, createAd, myAds, relistAd } from './ads'
import { counterOffer } from './counter'
import { tradingOf } from './deps'
import { tradingLiveOf } from './live'
import { listMessages, postMessage } from './messages'
import { completeOffer, createOffer, decideOffer, listOffers, myOffers, presentOffer } from './offers'
import { waitingFor } from './waiting'

const PRIVATE = 'private, no-store'
/** Browsers and proxies ask again each time (an ad changes with every offer); the server answers from its cache. */
const PUBLIC_REVALIDATE = 'public, no-cache'

type Vars = UserEnv['Variables']

/**
 * A public answer of the read cache, the same for everyone: the Node server's shared answers keep it
 * too, while the cache holds it and no ad on it has ended (`current`).
 */
function sendPublic(c: Context<UserEnv>, cached: CachedJson, options?: { visitorsOnly: boolean }): Response {
  c.var.deps.sharedAnswers?.remember(c, cached, PUBLIC_REVALIDATE, options)
  return sendCachedJson(c, cached, PUBLIC_REVALIDATE)
}

/**
 * Trust: the list without the ads of traders the signed-in viewer blocked. The cached page stays the
 * same for everyone (visitors and viewers who block nobody get it as it is); a viewer who blocks someone
 * gets it filtered after the cache, privately (docs/decisions/033-trust-server.md).
 */
async function sendList(c: Context<UserEnv>, cached: CachedJson): Promise<Response> {
  const { deps } = c.var
  const session = hasSessionCookie(c.req.header('cookie'))
    ? await deps.auth.api.getSession({ headers: c.req.raw.headers })
    : null
  const blocked = session ? await blockedUsernames(deps.database.db, session.user.id) : new Set<string>()
  if (blocked.size === 0) return sendPublic(c, cached, { visitorsOnly: true })
  const page = JSON.parse(Buffer.from(cached.body).toString()) as TradeAdsResponse
  c.header('Cache-Control', PRIVATE)
  return c.json<TradeAdsResponse>({ ...page, ads: page.ads.filter((ad) => !blocked.has(ad.owner.username)) })
}

/** /api/trade-ads: the public list and ads; posting, closing and relisting ads; offers on an ad. */
export const tradeAdRoutes = new Hono<UserEnv>()
  .get('/', queryParams(tradeAdsQuerySchema, { remember: 200 }), async (c) =>
    sendList(c, await cachedAdList(tradingOf(c.var.deps), c.req.valid('query'))),
  )
  .post('/', requireUser, jsonBody(tradeAdRequestSchema), async (c) => {
    const { deps, session } = c.var as Vars
    const id = await createAd(tradingOf(deps), session.user.id, c.req.valid('json'))
    return c.json<CreatedResponse>({ id }, 201)
  })
  .get('/:id', paramsOf(tradeIdParamSchema), async (c) =>
    sendPublic(c, await cachedAd(tradingOf(c.var.deps), c.req.valid('param').id)),
  )
  .delete('/:id', requireUser, paramsOf(tradeIdParamSchema), async (c) => {
    const { deps, session } = c.var as Vars
    const ad = await closeAd(tradingOf(deps), session.user.id, c.req.valid('param').id)
    return c.json<Omit<TradeAdResponse, 'now'>>({ ad })
  })
  .post('/:id/relist', requireUser, paramsOf(tradeIdParamSchema), async (c) => {
    const { deps, session } = c.var as Vars
    const ad = await relistAd(tradingOf(deps), session.user.id, c.req.valid('param').id)
    return c.json<Omit<TradeAdResponse, 'now'>>({ ad })
  })
  .post(
    '/:id/offers',
    requireUser,
    paramsOf(tradeIdParamSchema),
    jsonBody(tradeOfferRequestSchema),
    async (c) => {
      const { deps, session } = c.var as Vars
      const id = await createOffer(
        tradingOf(deps),
        session.user.id,
        c.req.valid('param').id,
        c.req.valid('json'),
      )
      return c.json<CreatedResponse>({ id }, 201)
    },
  )
  .get('/:id/offers', requireUser, paramsOf(tradeIdParamSchema), async (c) => {
    const { deps, session } = c.var as Vars
    c.header('Cache-Control', PRIVATE)
    const offers = await listOffers(tradingOf(deps), session.user.id, c.req.valid('param').id)
    return c.json<TradeOffersResponse>({ offers })
  })

async function decide(c: Context<UserEnv>, decision: 'accept' | 'decline' | 'cancel') {
  const { deps, session } = c.var
  const offer = await decideOffer(tradingOf(deps), session.user.id, Number(c.req.param('id')), decision)
  return c.json<TradeOfferResponse>({ offer })
}

/** /api/trade-offers: one offer, decisions and counters on it, its confirmations and its conversation. */
export const tradeOfferRoutes = new Hono<UserEnv>()
  .get('/:id', requireUser, paramsOf(tradeIdParamSchema), async (c) => {
    const { deps, session } = c.var as Vars
    c.header('Cache-Control', PRIVATE)
    const offer = await presentOffer(tradingOf(deps), c.req.valid('param').id, session.user.id)
    return c.json<TradeOfferResponse>({ offer })
  })
  .post(
    '/:id/counter',
    requireUser,
    paramsOf(tradeIdParamSchema),
    jsonBody(tradeCounterRequestSchema),
    async (c) => {
      const { deps, session } = c.var as Vars
      const offer = await counterOffer(
        tradingOf(deps),
        session.user.id,
        c.req.valid('param').id,
        c.req.valid('json'),
      )
      return c.json<TradeOfferResponse>({ offer }, 201)
    },
  )
  .post('/:id/accept', requireUser, paramsOf(tradeIdParamSchema), async (c) => decide(c, 'accept'))
  .post('/:id/decline', requireUser, paramsOf(tradeIdParamSchema), async (c) => decide(c, 'decline'))
  .post('/:id/cancel', requireUser, paramsOf(tradeIdParamSchema), async (c) => decide(c, 'cancel'))
  .post('/:id/complete', requireUser, paramsOf(tradeIdParamSchema), async (c) => {
    const { deps, session } = c.var as Vars
    const offer = await completeOffer(tradingOf(deps), session.user.id, c.req.valid('param').id)
    return c.json<TradeOfferResponse>({ offer })
  })
  .get('/:id/messages', requireUser, paramsOf(tradeIdParamSchema), async (c) => {
    const { deps, session } = c.var as Vars
    c.header('Cache-Control', PRIVATE)
    const messages = await listMessages(tradingOf(deps), session.user.id, c.req.valid('param').id)
    return c.json<TradeMessagesResponse>({ messages })
  })
  .post(
    '/:id/messages',
    requireUser,
    paramsOf(tradeIdParamSchema),
    jsonBody(tradeMessageRequestSchema),
    async (c) => {
      const { deps, session } = c.var as Vars
      await tradingLiveOf(deps).ready // this instance's streams hear the message too
      const message = await postMessage(
        tradingOf(deps),
        session.user.id,
        c.req.valid('param').id,
        c.req.valid('json').body,
      )
      return c.json<TradeMessage>(message, 201)
    },
  )

/** /api/me/trades: my ads, the offers I sent and the offers I received; how many trades wait for me. */
export const myTradesRoutes = new Hono<UserEnv>()
  .get('/', requireUser, async (c) => {
    const { deps, session } = c.var as Vars
    const t = tradingOf(deps)
    c.header('Cache-Control', PRIVATE)
    const [ads, offers] = await Promise.all([myAds(t, session.user.id), myOffers(t, session.user.id)])
    return c.json<MyTradesResponse>({ ads, ...offers, now: t.now().toISOString() })
  })
  .get('/waiting', requireUser, async (c) => {
    const { deps, session } = c.var as Vars
    c.header('Cache-Control', PRIVATE)
    const count = await waitingFor(deps.database.db, session.user.id, tradingOf(deps).now())
    return c.json<MyTradesWaitingResponse>({ count })
  })
