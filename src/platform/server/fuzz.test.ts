/**
 * Bad input at every JSON endpoint: each text field of each body, each query and path parameter, and the
 * whole body, against a table of hostile values. Every answer must be a 4xx with the error shape (never a
 * 5xx, never a success) and nothing in the database may change.
 *
 * The site's shape `{ error: { code, message } }` is expected everywhere, except that Better Auth's own
 * refusals under /api/auth keep its `{ code, message }` (the web client reads both): rewriting every
 * answer of its handler would mean parsing its responses, for no gain to the user.
 */
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '@/features/accounts/tables'
import { users } from '@/platform/server/auth/tables'
import { apiErrorSchema } from '@/shared/api-error'
import { createMagicLinkUser, STRONG_PASSWORD, send } from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { ALL_TABLES } from '@/test/tables'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const ADMIN = 'fuzz-admin@example.com'
const WRONG_PASSWORD = 'Wrong-Password-1'

// ---------------------------------------------------------------------------------------------------
// The endpoints
// ---------------------------------------------------------------------------------------------------

interface BodyEndpoint {
  method: 'POST' | 'PUT' | 'PATCH'
  path: string
  signedIn?: boolean
  /** A valid body; each of `fields` (dot paths) in turn is replaced by a bad value. */
  body: Record<string, unknown>
  fields: string[]
  /**
   * Values of the table that this endpoint rightly takes, by field (`(body)`: whole bodies), such as
   * `null` for an address that may be removed: those cases are left out.
   */
  accepts?: Record<string, string[]>
}

/** Every endpoint that reads a JSON body: the app's own and the /api/auth ones the web app calls. */
const BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    method: 'POST',
    path: '/api/launch-list/subscribe',
    body: { email: 'fuzz-sub@example.com' },
    fields: ['email'],
  },
  {
    method: 'POST',
    path: '/api/launch-list/resend',
    body: { email: 'fuzz-sub@example.com' },
    fields: ['email'],
  },
  { method: 'POST', path: '/api/launch-list/verify', body: { token: 'a'.repeat(43) }, fields: ['token'] },
  {
    method: 'POST',
    path: '/api/contact',
    body: { topic: 'bug', message: 'A value looks wrong to me here.', email: 'fuzz-contact@example.com' },
    fields: ['topic', 'message', 'email'],
  },
  {
    method: 'POST',
    path: '/api/trade-ads',
    signedIn: true,
    body: {
      game: 'blox-fruits',
      offering: [{ item: 'kitsune', quantity: 1 }],
      requesting: [{ item: 'dough' }],
      tags: ['adds'],
      note: 'Fast trade',
      hours: 24,
    },
    fields: ['game', 'offering.0.item', 'requesting.0.item', 'tags.0', 'note'],
  },
  {
    method: 'POST',
    path: '/api/launch-list/unsubscribe',
    body: { token: 'a'.repeat(43) },
    fields: ['token'],
  },
  {
    method: 'POST',
    path: '/api/profile/username',
    signedIn: true,
    body: { username: 'fuzz_trader' },
    fields: ['username'],
  },
  {
    method: 'PATCH',
    path: '/api/profile',
    signedIn: true,
    body: {
      displayName: 'Fuzz Trader',
      bio: 'Trading fruits.',
      socialLinks: {
        twitter: '@fuzz',
        discord: 'fuzz.trader',
        github: 'fuzz',
        website: 'https://fuzz.example',
      },
    },
    fields: [
      'displayName',
      'bio',
      'socialLinks.twitter',
      'socialLinks.discord',
      'socialLinks.github',
      'socialLinks.website',
    ],
  },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    body: { email: 'fuzz-new@example.com', password: STRONG_PASSWORD, name: '', callbackURL: '/' },
    fields: ['email', 'password', 'name', 'callbackURL'],
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: { email: ADMIN, password: WRONG_PASSWORD, callbackURL: '/', rememberMe: true },
    fields: ['email', 'password', 'callbackURL'],
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/magic-link',
    body: { email: 'fuzz-magic@example.com', callbackURL: '/' },
    fields: ['email', 'callbackURL'],
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/social',
    body: { provider: 'discord', callbackURL: '/', errorCallbackURL: '/sign-in' },
    fields: ['provider', 'callbackURL', 'errorCallbackURL'],
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    body: { email: 'fuzz-reset@example.com', redirectTo: '/sign-in?view=reset' },
    fields: ['email', 'redirectTo'],
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    body: { newPassword: 'Another-Trade-43', token: 'fuzz-token' },
    fields: ['newPassword', 'token'],
  },
  {
    method: 'POST',
    path: '/api/auth/change-email',
    signedIn: true,
    body: { newEmail: 'fuzz-changed@example.com', callbackURL: '/profile?tab=account' },
    fields: ['newEmail', 'callbackURL'],
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    signedIn: true,
    body: { currentPassword: WRONG_PASSWORD, newPassword: 'Another-Trade-43', revokeOtherSessions: false },
    fields: ['currentPassword', 'newPassword'],
  },
  {
    method: 'POST',
    path: '/api/auth/two-factor/enable',
    signedIn: true,
    body: { password: WRONG_PASSWORD },
    fields: ['password'],
  },
  {
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    signedIn: true,
    body: { password: WRONG_PASSWORD },
    fields: ['password'],
  },
  {
    method: 'POST',
    path: '/api/auth/two-factor/verify-totp',
    signedIn: true,
    body: { code: '123456' },
    fields: ['code'],
  },
  {
    method: 'POST',
    path: '/api/auth/two-factor/verify-backup-code',
    signedIn: true,
    body: { code: 'abcde-fghij' },
    fields: ['code'],
  },
  {
    method: 'POST',
    path: '/api/auth/link-social',
    signedIn: true,
    body: { provider: 'discord', callbackURL: '/profile?tab=connections', errorCallbackURL: '/profile' },
    fields: ['provider', 'callbackURL', 'errorCallbackURL'],
  },
  {
    method: 'POST',
    path: '/api/auth/unlink-account',
    signedIn: true,
    body: { providerId: 'discord', accountId: 'fuzz-account' },
    fields: ['providerId', 'accountId'],
  },
  { method: 'POST', path: '/api/auth/update-user', signedIn: true, body: { name: 'Fuzz' }, fields: ['name'] },
  {
    method: 'POST',
    path: '/api/admin/roles',
    signedIn: true,
    body: { email: 'nobody@example.com', role: 'grow-a-garden-stock-manager' },
    fields: ['email', 'role'],
  },
  {
    method: 'POST',
    path: '/api/admin/roles',
    signedIn: true,
    body: { username: 'nobody', role: 'blox-fruits-stock-manager' },
    fields: ['username'],
  },
  {
    method: 'POST',
    path: '/api/admin/users/no-such-user/suspend',
    signedIn: true,
    body: { reason: 'Scamming' },
    fields: ['reason'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/reports',
    signedIn: true,
    body: { shop: 'seeds', items: [{ item: 'carrot', quantity: 3 }] },
    fields: ['shop', 'items.0.item', 'observedAt', 'weather'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/reports',
    signedIn: true,
    body: { seed_stock: [{ item_id: 'carrot', display_name: 'Carrot', quantity: 3 }] },
    fields: ['seed_stock.0.item_id', 'seed_stock.0.display_name'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/tokens',
    signedIn: true,
    body: { name: 'Fuzz bot' },
    fields: ['name'],
  },
  {
    method: 'PATCH',
    path: '/api/stock/blox-fruits/shops/normal',
    signedIn: true,
    body: { name: 'Blox Fruit Dealer' },
    fields: ['name'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/items',
    signedIn: true,
    body: { name: 'Fuzz Crate', category: 'cosmetic', rarity: 'Rare' },
    fields: ['name', 'category', 'rarity'],
  },
  {
    method: 'PUT',
    path: '/api/watchlist/blox-fruits/kitsune',
    signedIn: true,
    body: { value: true },
    fields: ['value', 'restock'],
    accepts: { value: ['true'], restock: ['true', 'false'] },
  },
  {
    method: 'POST',
    path: '/api/alert-rules',
    signedIn: true,
    body: { game: 'grow-a-garden', category: 'seed', rarity: 'Prismatic' },
    fields: ['game', 'shop', 'category', 'rarity'],
  },
  {
    method: 'PUT',
    path: '/api/alert-settings',
    signedIn: true,
    body: { discordWebhookUrl: `https://discord.com/api/webhooks/123456789012345678/${'w'.repeat(40)}` },
    fields: ['discordWebhookUrl', 'email'],
    accepts: { discordWebhookUrl: ['null'], email: ['true', 'false', 'empty object'] },
  },
  {
    method: 'POST',
    path: '/api/notifications/read',
    signedIn: true,
    body: { ids: [1] },
    fields: ['ids', 'ids.0'],
    // Ids that are not the user's are ignored; with no ids, all of the user's (none here) are read.
    accepts: { 'ids.0': ['number'], '(body)': ['empty object'] },
  },
]

/** Endpoints whose only body is `{}` (or none): only the whole-body cases apply, `{}` excepted. */
const NO_INPUT_BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    method: 'POST',
    path: '/api/verification/roblox',
    signedIn: true,
    body: { username: 'Builderman' },
    fields: ['username'],
  },
  {
    method: 'POST',
    path: '/api/trade-offers/1/review',
    signedIn: true,
    body: { rating: 5, comment: 'Smooth trade' },
    fields: ['rating', 'comment'],
  },
  {
    method: 'POST',
    path: '/api/reports',
    signedIn: true,
    body: { target: { kind: 'user', id: 'fuzz_nobody' }, reason: 'scam', details: 'Asked me to give first' },
    fields: ['target', 'target.kind', 'target.id', 'reason', 'details'],
  },
  {
    method: 'POST',
    path: '/api/admin/guides',
    signedIn: true,
    body: { title: 'Fuzz guide', game: 'fisch', body: 'Fuzz words.', status: 'draft' },
    fields: ['title', 'game', 'body', 'status'],
    accepts: { game: ['null'], body: ['10 KB string'] },
  },
  {
    method: 'PATCH',
    path: '/api/admin/guides/no-such-guide',
    signedIn: true,
    body: { title: 'Fuzz guide', body: 'Fuzz words.' },
    fields: ['title', 'body'],
  },
  {
    method: 'POST',
    path: '/api/admin/reports/1/resolve',
    signedIn: true,
    body: { action: 'dismiss', note: 'Nothing wrong' },
    fields: ['action', 'note'],
  },
  { method: 'POST', path: '/api/auth/sign-out', signedIn: true, body: {}, fields: [] },
  { method: 'POST', path: '/api/auth/revoke-other-sessions', signedIn: true, body: {}, fields: [] },
  { method: 'POST', path: '/api/profile/avatar', signedIn: true, body: {}, fields: [] },
  { method: 'POST', path: '/api/alert-settings/test-discord', signedIn: true, body: {}, fields: [] },
]

interface QueryEndpoint {
  method: 'GET' | 'POST'
  path: string
  signedIn?: boolean
  /** Valid values of the parameters that must be there; each of `params` in turn gets a bad value. */
  query: Record<string, string>
  params: string[]
  /** Better Auth's e-mailed links answer a bad link with a redirect to the error page (3xx is fine). */
  link?: boolean
}

const QUERY_ENDPOINTS: QueryEndpoint[] = [
  {
    method: 'GET',
    path: '/api/games/blox-fruits/items',
    query: {},
    params: ['search', 'category', 'rarity', 'sort', 'page', 'pageSize', 'ids'],
  },
  { method: 'GET', path: '/api/games/blox-fruits/changes', query: {}, params: ['limit'] },
  { method: 'GET', path: '/api/games/blox-fruits/trade', query: {}, params: ['give', 'get', 'band'] },
  { method: 'GET', path: '/api/games/blox-fruits/items/kitsune/history', query: {}, params: ['limit'] },
  { method: 'GET', path: '/api/items', query: { search: 'dragon' }, params: ['search', 'limit'] },
  { method: 'GET', path: '/api/favorites/blox-fruits', query: { ids: 'kitsune' }, params: ['ids'] },
  { method: 'GET', path: '/api/admin/launch-list', signedIn: true, query: {}, params: ['status', 'page'] },
  { method: 'GET', path: '/api/admin/users', signedIn: true, query: {}, params: ['q', 'page'] },
  { method: 'GET', path: '/api/admin/mail', signedIn: true, query: {}, params: ['status', 'page'] },
  { method: 'GET', path: '/api/admin/audit', signedIn: true, query: {}, params: ['page', 'action'] },
  {
    method: 'GET',
    path: '/api/stock/grow-a-garden/history',
    query: {},
    params: ['shop', 'item', 'before', 'limit'],
  },
  { method: 'GET', path: '/api/live', query: {}, params: ['stock'] },
  { method: 'GET', path: '/api/notifications', signedIn: true, query: {}, params: ['page'] },
  { method: 'GET', path: '/api/trade-ads', query: {}, params: ['verified'] },
  { method: 'GET', path: '/api/users/fuzz_nobody/reviews', query: {}, params: ['page'] },
  { method: 'GET', path: '/api/admin/reports', signedIn: true, query: {}, params: ['status', 'page'] },
  { method: 'GET', path: '/api/launch-list/one-click-unsubscribe', query: {}, params: ['token'] },
  { method: 'POST', path: '/api/launch-list/one-click-unsubscribe', query: {}, params: ['token'] },
  {
    method: 'GET',
    path: '/api/auth/magic-link/verify',
    query: { token: 'fuzz-token', callbackURL: '/' },
    params: ['token', 'callbackURL'],
    link: true,
  },
  {
    method: 'GET',
    path: '/api/auth/verify-email',
    query: { token: 'fuzz-token', callbackURL: '/' },
    params: ['token', 'callbackURL'],
    link: true,
  },
  {
    method: 'GET',
    path: '/api/auth/reset-password/fuzz-token',
    query: { callbackURL: '/sign-in' },
    params: ['callbackURL'],
    link: true,
  },
]

/** Endpoints with path parameters: `{}` marks the one that gets the bad value. */
const PATH_ENDPOINTS: {
  method: 'GET' | 'PUT' | 'DELETE'
  path: string
  signedIn?: boolean
  link?: boolean
}[] = [
  { method: 'GET', path: '/api/games/{}/items' },
  { method: 'GET', path: '/api/games/{}/changes' },
  { method: 'GET', path: '/api/games/{}/trade' },
  { method: 'GET', path: '/api/games/blox-fruits/items/{}' },
  { method: 'GET', path: '/api/games/blox-fruits/items/{}/history' },
  { method: 'GET', path: '/api/users/{}' },
  { method: 'GET', path: '/api/users/{}/reviews' },
  { method: 'PUT', path: '/api/blocks/{}', signedIn: true },
  { method: 'DELETE', path: '/api/blocks/{}', signedIn: true },
  { method: 'GET', path: '/api/favorites/{}?ids=kitsune' },
  { method: 'PUT', path: '/api/favorites/{}/kitsune', signedIn: true },
  { method: 'PUT', path: '/api/favorites/blox-fruits/{}', signedIn: true },
  { method: 'DELETE', path: '/api/favorites/{}/kitsune', signedIn: true },
  { method: 'DELETE', path: '/api/favorites/blox-fruits/{}', signedIn: true },
  { method: 'GET', path: '/api/auth/reset-password/{}?callbackURL=/sign-in', link: true },
  { method: 'GET', path: '/api/admin/users/{}', signedIn: true },
  { method: 'DELETE', path: '/api/admin/roles/{}/no-such-user', signedIn: true },
  { method: 'DELETE', path: '/api/admin/roles/admin/{}', signedIn: true },
  { method: 'GET', path: '/api/stock/{}' },
  { method: 'GET', path: '/api/stock/{}/history' },
  { method: 'GET', path: '/api/stock/{}/stream' },
  { method: 'GET', path: '/api/stock/grow-a-garden/items/{}' },
  { method: 'GET', path: '/api/stock/{}/tokens', signedIn: true },
  { method: 'DELETE', path: '/api/stock/grow-a-garden/tokens/{}', signedIn: true },
  { method: 'PUT', path: '/api/watchlist/{}/kitsune', signedIn: true },
  { method: 'PUT', path: '/api/watchlist/blox-fruits/{}', signedIn: true },
  { method: 'DELETE', path: '/api/watchlist/{}/kitsune', signedIn: true },
  { method: 'DELETE', path: '/api/watchlist/blox-fruits/{}', signedIn: true },
  { method: 'DELETE', path: '/api/alert-rules/{}', signedIn: true },
]

/** Endpoints that take no input at all: junk parameters are ignored, but must never break them. */
const NO_INPUT_GET_ENDPOINTS = [
  '/api/health',
  '/api/site',
  '/api/games',
  '/api/games/blox-fruits/items/kitsune',
  '/api/me',
  '/api/auth-providers',
  '/api/auth/get-session',
  '/api/auth/list-accounts',
  '/api/admin/overview',
  '/api/admin/roles',
  '/api/stock/grow-a-garden',
  '/api/stock/blox-fruits/history',
  '/api/stock/grow-a-garden/items/carrot',
  '/api/stock/grow-a-garden/tokens',
  '/api/stock/grow-a-garden/shops',
  '/api/watchlist',
  '/api/alert-rules',
  '/api/notifications/unread-count',
  '/api/alert-settings',
]

// ---------------------------------------------------------------------------------------------------
// The fields that take one of a fixed set of values
// ---------------------------------------------------------------------------------------------------

/**
 * Each field of each JSON body that takes one of a fixed set of values (a game, shop, weather, trend,
 * role, category, rarity, provider, item of the catalog). `body` is a request the endpoint accepts as it
 * is: only the field's prototype name can be why it is refused.
 */
const ENUM_BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    method: 'POST',
    path: '/api/admin/roles',
    signedIn: true,
    body: { email: ADMIN, role: 'fisch-value-editor' },
    fields: ['role'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/reports',
    signedIn: true,
    body: { shop: 'seeds', items: [{ item: 'carrot', quantity: 3 }] },
    fields: ['shop', 'items.0.item'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/reports',
    signedIn: true,
    body: { shop: 'weather', weather: 'rain' },
    fields: ['shop', 'weather'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/reports',
    signedIn: true,
    body: { shop: 'traveling-merchant', items: [{ item: 'carrot', quantity: 1 }] },
    fields: ['shop', 'items.0.item'],
  },
  {
    method: 'POST',
    path: '/api/stock/blox-fruits/reports',
    signedIn: true,
    body: { shop: 'mirage', items: [{ item: 'kitsune', quantity: 1 }] },
    fields: ['shop', 'items.0.item'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/reports',
    signedIn: true,
    body: { seed_stock: [{ item_id: 'carrot', quantity: 3 }] },
    fields: ['seed_stock.0.item_id'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/reports',
    signedIn: true,
    // The bots' shape: an id the catalog lacks is read by its display name (Carrot).
    body: { seed_stock: [{ item_id: 'fuzz_seed', display_name: 'Carrot', quantity: 3 }] },
    fields: ['seed_stock.0.display_name'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/reports',
    signedIn: true,
    body: { weather: [{ weather_id: 'rain', active: true }] },
    fields: ['weather.0.weather_id'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/reports',
    signedIn: true,
    body: { travelingmerchant_stock: { merchantName: 'Sam', stock: [{ item_id: 'carrot', quantity: 1 }] } },
    fields: ['travelingmerchant_stock.stock.0.item_id'],
  },
  {
    method: 'POST',
    path: '/api/stock/grow-a-garden/items',
    signedIn: true,
    body: { name: 'Fuzz Crate', category: 'cosmetic', rarity: 'Rare' },
    fields: ['category', 'rarity'],
  },
  {
    method: 'POST',
    path: '/api/alert-rules',
    signedIn: true,
    body: { game: 'grow-a-garden', shop: 'seeds', category: 'seed', rarity: 'Prismatic' },
    fields: ['game', 'shop', 'category', 'rarity'],
  },
  {
    method: 'PATCH',
    path: '/api/admin/items/blox-fruits/kitsune',
    signedIn: true,
    body: { trend: 'Hyped', reason: 'Fuzz' },
    fields: ['trend'],
  },
  {
    method: 'POST',
    path: '/api/admin/items/blox-fruits',
    signedIn: true,
    body: { name: 'Fuzz Fruit', value: 10, trend: 'Stable', reason: 'Fuzz' },
    fields: ['trend'],
  },
  {
    method: 'PUT',
    path: '/api/suggestions/1/vote',
    signedIn: true,
    body: { vote: 1 },
    fields: ['vote'],
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/social',
    body: { provider: 'discord', callbackURL: '/', errorCallbackURL: '/sign-in' },
    fields: ['provider'],
  },
  {
    method: 'POST',
    path: '/api/auth/link-social',
    signedIn: true,
    body: { provider: 'discord', callbackURL: '/profile?tab=connections', errorCallbackURL: '/profile' },
    fields: ['provider'],
  },
  {
    method: 'POST',
    path: '/api/auth/unlink-account',
    signedIn: true,
    body: { providerId: 'discord', accountId: 'fuzz-account' },
    fields: ['providerId'],
  },
]

/** Objects whose keys are a fixed set (the social links, the kinds of alert mail): a prototype name as a key. */
const ENUM_KEY_ENDPOINTS: BodyEndpoint[] = [
  {
    method: 'PATCH',
    path: '/api/profile',
    signedIn: true,
    body: { socialLinks: { twitter: '@fuzz' } },
    fields: ['socialLinks'],
  },
  {
    method: 'PUT',
    path: '/api/alert-settings',
    signedIn: true,
    body: { email: { restock: true } },
    fields: ['email'],
  },
]

/** Each query parameter that takes one of a fixed set of values. */
const ENUM_QUERY_ENDPOINTS: QueryEndpoint[] = [
  {
    method: 'GET',
    path: '/api/games/blox-fruits/items',
    query: {},
    params: ['category', 'rarity', 'sort'],
  },
  { method: 'GET', path: '/api/games/blox-fruits/trade', query: { give: 'kitsune' }, params: ['band'] },
  { method: 'GET', path: '/api/admin/launch-list', signedIn: true, query: {}, params: ['status'] },
  { method: 'GET', path: '/api/admin/mail', signedIn: true, query: {}, params: ['status'] },
  { method: 'GET', path: '/api/admin/audit', signedIn: true, query: {}, params: ['action'] },
  { method: 'GET', path: '/api/stock/grow-a-garden/history', query: {}, params: ['shop', 'item'] },
  { method: 'GET', path: '/api/live', query: {}, params: ['stock'] },
  { method: 'GET', path: '/api/changes', query: {}, params: ['game', 'source'] },
  { method: 'GET', path: '/api/suggestions', query: {}, params: ['game', 'status'] },
  {
    method: 'POST',
    path: '/api/alert-unsubscribe',
    query: { kind: 'restock', token: 'a'.repeat(40) },
    params: ['kind'],
  },
  {
    method: 'GET',
    path: '/og/trade.png',
    query: { game: 'blox-fruits', give: 'kitsune' },
    params: ['game', 'band'],
  },
]

/** Path parts that name one of a fixed set (a game, an item, a role, a shop): `{}` marks the one. */
const ENUM_PATH_ENDPOINTS: {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  signedIn?: boolean
  /** A body the endpoint accepts with a good value there. */
  body?: Record<string, unknown>
}[] = [
  { method: 'GET', path: '/api/games/{}/items' },
  { method: 'GET', path: '/api/games/{}/changes' },
  { method: 'GET', path: '/api/games/{}/trade?give=kitsune' },
  { method: 'GET', path: '/api/games/blox-fruits/items/{}' },
  { method: 'GET', path: '/api/games/blox-fruits/items/{}/history' },
  { method: 'GET', path: '/api/games/{}/items/kitsune/suggestions' },
  { method: 'GET', path: '/api/games/blox-fruits/items/{}/suggestions' },
  {
    method: 'POST',
    path: '/api/games/{}/items/kitsune/suggestions',
    signedIn: true,
    body: { value: 1, reason: 'Fuzz' },
  },
  {
    method: 'POST',
    path: '/api/games/blox-fruits/items/{}/suggestions',
    signedIn: true,
    body: { value: 1, reason: 'Fuzz' },
  },
  { method: 'GET', path: '/api/favorites/{}?ids=kitsune' },
  { method: 'PUT', path: '/api/favorites/{}/kitsune', signedIn: true },
  { method: 'PUT', path: '/api/favorites/blox-fruits/{}', signedIn: true },
  { method: 'PUT', path: '/api/watchlist/{}/kitsune', signedIn: true, body: { value: true } },
  { method: 'PUT', path: '/api/watchlist/blox-fruits/{}', signedIn: true, body: { value: true } },
  { method: 'DELETE', path: '/api/admin/roles/{}/no-such-user', signedIn: true },
  { method: 'GET', path: '/api/stock/{}' },
  { method: 'GET', path: '/api/stock/{}/history' },
  { method: 'GET', path: '/api/stock/{}/stream' },
  { method: 'GET', path: '/api/stock/grow-a-garden/items/{}' },
  { method: 'GET', path: '/api/stock/{}/tokens', signedIn: true },
  { method: 'POST', path: '/api/stock/{}/tokens', signedIn: true, body: { name: 'Fuzz bot' } },
  {
    method: 'POST',
    path: '/api/stock/{}/reports',
    signedIn: true,
    body: { shop: 'seeds', items: [{ item: 'carrot', quantity: 3 }] },
  },
  { method: 'PATCH', path: '/api/stock/blox-fruits/shops/{}', signedIn: true, body: { name: 'Fuzz Dealer' } },
  {
    method: 'POST',
    path: '/api/stock/{}/items',
    signedIn: true,
    body: { name: 'Fuzz Crate', category: 'cosmetic', rarity: 'Rare' },
  },
  {
    method: 'PATCH',
    path: '/api/admin/items/{}/kitsune',
    signedIn: true,
    body: { value: 1, reason: 'Fuzz' },
  },
  {
    method: 'PATCH',
    path: '/api/admin/items/blox-fruits/{}',
    signedIn: true,
    body: { value: 1, reason: 'Fuzz' },
  },
  {
    method: 'POST',
    path: '/api/admin/items/{}',
    signedIn: true,
    body: { name: 'Fuzz Fruit', value: 10, reason: 'Fuzz' },
  },
  {
    method: 'POST',
    path: '/api/admin/items/blox-fruits/{}/retire',
    signedIn: true,
    body: { reason: 'Fuzz' },
  },
  {
    method: 'POST',
    path: '/api/admin/items/{}/bulk',
    signedIn: true,
    body: { csv: 'kitsune,1', reason: 'Fuzz', dryRun: false },
  },
  { method: 'POST', path: '/api/admin/imports/{}/run', signedIn: true },
  { method: 'GET', path: '/og/items/{}/kitsune.png' },
  { method: 'GET', path: '/og/items/blox-fruits/{}.png' },
]

// ---------------------------------------------------------------------------------------------------
// The bad values
// ---------------------------------------------------------------------------------------------------

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** Bad values for a text field, as JSON text (so 1e309 and 20,000-deep arrays are written literally). */
const BAD_FIELD_VALUES: Record<string, string> = {
  'NUL inside': JSON.stringify('a\u0000b'),
  'NUL alone': JSON.stringify('\u0000'),
  'NUL among spaces': JSON.stringify(' \u0000 '),
  'NUL and control characters': JSON.stringify('ok\t\n\u0000'),
  'lone high surrogate': '"\\ud800"',
  'lone low surrogate': '"x\\udc00y"',
  'half an emoji': '"trader\\ud83d"',
  'two high surrogates': '"\\ud800\\ud800"',
  'NUL and a lone surrogate': '"a\\u0000\\ud800"',
  '1 MB string': JSON.stringify('a'.repeat(1 << 20)),
  '10 KB string': JSON.stringify('a'.repeat(10_000)),
  number: '42',
  'huge number': '123456789012345678901234567890',
  '1e309 (Infinity)': '1e309',
  '-1e309': '-1e309',
  true: 'true',
  false: 'false',
  null: 'null',
  'empty array': '[]',
  'array of a string': '["a@example.com"]',
  'empty object': '{}',
  'object with __proto__': '{"__proto__":{"isAdmin":true}}',
  'object with length': '{"length":1}',
  '20,000-deep array': deepArray(20_000),
}

interface RawBody {
  contentType?: string
  body: BodyInit
}

/** Whole bodies that are not a valid request, whatever the endpoint (`valid`: the endpoint's good body). */
function badBodies(valid: Record<string, unknown>, noInput: boolean): Record<string, RawBody> {
  const json = 'application/json'
  const form = new FormData()
  for (const [key, value] of Object.entries(valid)) form.set(key, String(value))
  const bodies: Record<string, RawBody> = {
    'empty body': { contentType: json, body: '' },
    'malformed JSON': { contentType: json, body: '{' },
    'malformed JSON value': { contentType: json, body: '{"a":}' },
    'trailing garbage': { contentType: json, body: `${JSON.stringify(valid)} x` },
    'NUL byte after the JSON': { contentType: json, body: `${JSON.stringify(valid)}\u0000` },
    'invalid UTF-8': { contentType: json, body: new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]) },
    null: { contentType: json, body: 'null' },
    number: { contentType: json, body: '42' },
    string: { contentType: json, body: '"text"' },
    true: { contentType: json, body: 'true' },
    '1e309': { contentType: json, body: '1e309' },
    'empty array': { contentType: json, body: '[]' },
    'the request in an array': { contentType: json, body: JSON.stringify([valid]) },
    '20,000-deep array': { contentType: json, body: deepArray(20_000) },
    '__proto__ key': { contentType: json, body: '{"__proto__":{"isAdmin":true}}' },
    'constructor.prototype keys': {
      contentType: json,
      body: '{"constructor":{"prototype":{"isAdmin":true}}}',
    },
    '1 MB body': { contentType: json, body: JSON.stringify({ ...valid, padding: 'a'.repeat(1 << 20) }) },
    'text/plain content type': { contentType: 'text/plain', body: JSON.stringify(valid) },
    'no content type': { body: new TextEncoder().encode(JSON.stringify(valid)) },
    'form-urlencoded': {
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, String(v)])).toString(),
    },
    'multipart form': { body: form },
  }
  if (!noInput) bodies['empty object'] = { contentType: json, body: '{}' }
  return bodies
}

/** Bad values for a query or path parameter, already in the URL's encoding. */
const BAD_URL_VALUES: Record<string, string> = {
  'NUL alone': '%00',
  'NUL inside': 'a%00b',
  'encoded surrogate (not UTF-8)': '%ED%A0%80',
  'byte FF': '%FF',
  'overlong NUL': '%C0%80',
  'truncated sequence': 'a%E2%80',
  'lone percent': '%',
  'percent-u escape': '%uD800',
  '10,000 characters': 'a'.repeat(10_000),
  '100 KB': 'b'.repeat(100_000),
}
const BAD_PATH_VALUES: Record<string, string> = {
  ...BAD_URL_VALUES,
  'dot segments': '..%2F..%2Fetc%2Fpasswd',
  'encoded slashes': '%2F%2Fevil.test',
  'encoded backslash': '%5Cevil.test',
}

/**
 * Names every plain object answers to without having them: a lookup written `key in table` or
 * `table[key]` takes them for known values (`constructor` a trend, `__proto__` a weather).
 */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']

// ---------------------------------------------------------------------------------------------------
// Running the cases
// ---------------------------------------------------------------------------------------------------

interface Case {
  name: string
  method: string
  path: string
  signedIn?: boolean
  contentType?: string
  body?: BodyInit
  /** Better Auth's e-mailed links may answer with a redirect to the error page. */
  link?: boolean
}

/** The body text of `valid` with the field at `path` (a.b) written as the raw JSON `raw`. */
function withField(valid: Record<string, unknown>, path: string, raw: string): string {
  const marker = '\u0001fuzz-marker\u0001'
  const copy = structuredClone(valid)
  const keys = path.split('.')
  let target: Record<string, unknown> = copy
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>
  target[keys.at(-1)!] = marker
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw)
}

const withQuery = (path: string, query: Record<string, string>, extra = '') => {
  const base = new URLSearchParams(query).toString()
  const all = [base, extra].filter(Boolean).join('&')
  return all ? `${path}?${all}` : path
}

function bodyFieldCases(): Case[] {
  const cases: Case[] = []
  for (const endpoint of BODY_ENDPOINTS) {
    for (const field of endpoint.fields) {
      for (const [label, raw] of Object.entries(BAD_FIELD_VALUES)) {
        if (endpoint.accepts?.[field]?.includes(label)) continue
        cases.push({
          name: `${endpoint.method} ${endpoint.path} ${field}: ${label}`,
          method: endpoint.method,
          path: endpoint.path,
          signedIn: endpoint.signedIn,
          contentType: 'application/json',
          body: withField(endpoint.body, field, raw),
        })
      }
    }
  }
  return cases
}

function wholeBodyCases(): Case[] {
  const cases: Case[] = []
  for (const endpoint of [...BODY_ENDPOINTS, ...NO_INPUT_BODY_ENDPOINTS]) {
    for (const [label, { contentType, body }] of Object.entries(
      badBodies(endpoint.body, endpoint.fields.length === 0),
    )) {
      if (endpoint.accepts?.['(body)']?.includes(label)) continue
      cases.push({
        name: `${endpoint.method} ${endpoint.path} body: ${label}`,
        method: endpoint.method,
        path: endpoint.path,
        signedIn: endpoint.signedIn,
        contentType,
        body,
      })
    }
  }
  return cases
}

function queryCases(): Case[] {
  const cases: Case[] = []
  for (const endpoint of QUERY_ENDPOINTS) {
    const common = { method: endpoint.method, signedIn: endpoint.signedIn, link: endpoint.link }
    for (const param of endpoint.params) {
      const others = Object.fromEntries(Object.entries(endpoint.query).filter(([k]) => k !== param))
      for (const [label, value] of Object.entries(BAD_URL_VALUES)) {
        cases.push({
          ...common,
          name: `${endpoint.method} ${endpoint.path} ?${param}: ${label}`,
          path: withQuery(endpoint.path, others, `${param}=${value}`),
        })
      }
      cases.push({
        ...common,
        name: `${endpoint.method} ${endpoint.path} ?${param}: given twice`,
        path: withQuery(endpoint.path, others, `${param}=1&${param}=2`),
      })
    }
    if (!endpoint.link) {
      // Better Auth's links ignore parameters they do not know; the app's own refuse them.
      for (const name of ['__proto__', 'constructor', 'x%00']) {
        cases.push({
          ...common,
          name: `${endpoint.method} ${endpoint.path} unknown parameter ${name}`,
          path: withQuery(endpoint.path, endpoint.query, `${name}=1`),
        })
      }
    }
  }
  return cases
}

function pathCases(): Case[] {
  const cases: Case[] = []
  for (const endpoint of PATH_ENDPOINTS) {
    for (const [label, value] of Object.entries(BAD_PATH_VALUES)) {
      cases.push({
        name: `${endpoint.method} ${endpoint.path}: ${label}`,
        method: endpoint.method,
        path: endpoint.path.replace('{}', value),
        signedIn: endpoint.signedIn,
        link: endpoint.link,
      })
    }
  }
  return cases
}

/** Each prototype name in each enum-like body field, object key, query parameter and path part. */
function prototypeNameCases(): Case[] {
  const cases: Case[] = []
  const json = 'application/json'
  for (const endpoint of ENUM_BODY_ENDPOINTS) {
    for (const field of endpoint.fields) {
      for (const name of PROTOTYPE_NAMES) {
        cases.push({
          name: `${endpoint.method} ${endpoint.path} ${field}: ${name}`,
          method: endpoint.method,
          path: endpoint.path,
          signedIn: endpoint.signedIn,
          contentType: json,
          body: withField(endpoint.body, field, JSON.stringify(name)),
        })
      }
    }
  }
  for (const endpoint of ENUM_KEY_ENDPOINTS) {
    for (const field of endpoint.fields) {
      const [value] = Object.values(endpoint.body[field] as Record<string, unknown>)
      for (const name of PROTOTYPE_NAMES) {
        cases.push({
          name: `${endpoint.method} ${endpoint.path} ${field} key: ${name}`,
          method: endpoint.method,
          path: endpoint.path,
          signedIn: endpoint.signedIn,
          contentType: json,
          body: withField(endpoint.body, field, `{${JSON.stringify(name)}:${JSON.stringify(value)}}`),
        })
      }
    }
  }
  // The bulk update's trend column, a CSV cell: an unknown trend of its row, so nothing is applied (a dry
  // run answers 200 listing the row as invalid).
  for (const name of PROTOTYPE_NAMES) {
    cases.push({
      name: `POST /api/admin/items/blox-fruits/bulk csv trend: ${name}`,
      method: 'POST',
      path: '/api/admin/items/blox-fruits/bulk',
      signedIn: true,
      contentType: json,
      body: JSON.stringify({
        csv: `id,value,demand,trend\nkitsune,1000,5,${name}`,
        reason: 'Fuzz',
        dryRun: false,
      }),
    })
  }
  for (const endpoint of ENUM_QUERY_ENDPOINTS) {
    for (const param of endpoint.params) {
      const others = Object.fromEntries(Object.entries(endpoint.query).filter(([k]) => k !== param))
      for (const name of PROTOTYPE_NAMES) {
        cases.push({
          name: `${endpoint.method} ${endpoint.path} ?${param}: ${name}`,
          method: endpoint.method,
          path: withQuery(endpoint.path, others, `${param}=${name}`),
          signedIn: endpoint.signedIn,
        })
      }
    }
  }
  for (const endpoint of ENUM_PATH_ENDPOINTS) {
    for (const name of PROTOTYPE_NAMES) {
      cases.push({
        name: `${endpoint.method} ${endpoint.path}: ${name}`,
        method: endpoint.method,
        path: endpoint.path.replace('{}', name),
        signedIn: endpoint.signedIn,
        ...(endpoint.body && { contentType: json, body: JSON.stringify(endpoint.body) }),
      })
    }
  }
  return cases
}

/** What is wrong with the answer to a bad request, or null: a 4xx with the error shape. */
async function problemWith(c: Case, res: Response): Promise<string | null> {
  const text = await res.text()
  const said = `${c.name} -> ${res.status} ${text.slice(0, 160)}`
  if (c.link && res.status >= 300 && res.status < 400) return null
  if (res.status < 400 || res.status >= 500) return said
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `${said} (not JSON)`
  }
  if (apiErrorSchema.safeParse(body).success) return null
  // Better Auth's refusals: `{ code, message }`, or `{ message }` alone from a few of its own checks.
  const own = body as { code?: unknown; message?: unknown }
  const betterAuthShape =
    typeof own?.message === 'string' && ['string', 'undefined'].includes(typeof own.code)
  if (c.path.startsWith('/api/auth/') && betterAuthShape) return null
  return `${said} (not the error shape)`
}

/** Everything the bad requests could have changed: each table's row count, the users and profiles. */
async function snapshot(t: TestApp, cookie: string) {
  const { db } = t.database
  const counts: Record<string, number | undefined> = {}
  for (const [name, table] of Object.entries(ALL_TABLES)) {
    counts[name] = (await db.select({ n: count() }).from(table))[0]?.n
  }
  const me = await (await send(t, '/api/me', { cookie })).json()
  return {
    counts,
    users: await db.select().from(users).orderBy(users.id),
    profiles: await db.select().from(profiles).orderBy(profiles.userId),
    me,
  }
}

describe('fuzz: bad input at every JSON endpoint is a 4xx with the error shape and changes nothing', () => {
  let t: TestApp
  let cookie: string
  let total = 0
  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAIL: ADMIN, DISCORD_CLIENT_ID: 'fuzz-discord', DISCORD_CLIENT_SECRET: 'fuzz-secret' },
    })
    cookie = (await createMagicLinkUser(t, ADMIN)).cookie
    // A trader with a username: the endpoints that need one (trade ads) read the body, not refuse at once.
    expect((await send(t, '/api/profile/username', { body: { username: 'fuzz_admin' }, cookie })).ok).toBe(
      true,
    )
  })
  afterAll(async () => {
    console.info(`fuzz: ${total} bad requests, every one refused with a 4xx`)
    await t.close()
  })

  /** The app's 'unhandled error' log lines (Better Auth also logs the callback URLs it refuses). */
  const unhandledErrors = () =>
    t.loggedErrors.filter(
      (line) => typeof line === 'object' && line !== null && 'err' in line && 'path' in line,
    )

  async function run(cases: Case[]) {
    const before = await snapshot(t, cookie)
    const problems: string[] = []
    for (const c of cases) {
      const headers: Record<string, string> = { origin: TEST_ORIGIN }
      if (c.contentType) headers['content-type'] = c.contentType
      if (c.signedIn) headers.cookie = cookie
      const res = await t.app.request(c.path, { method: c.method, headers, body: c.body })
      const problem = await problemWith(c, res)
      if (problem) problems.push(problem)
    }
    total += cases.length
    expect(problems).toEqual([])
    expect(unhandledErrors()).toEqual([])
    expect(await snapshot(t, cookie)).toEqual(before)
  }

  // Over a thousand requests that each reach the database: on PostgreSQL on a busy machine, more than the
  // default minute (a bound on a hang, not a measure of speed).
  it('each text field of each JSON body × 24 bad values', { timeout: 300_000 }, async () => {
    const cases = bodyFieldCases()
    expect(cases.length).toBeGreaterThan(900)
    await run(cases)
  })

  it('each JSON body replaced whole: malformed, not an object, prototype keys, too big, wrong content type', async () => {
    const cases = wholeBodyCases()
    expect(cases.length).toBeGreaterThan(450)
    await run(cases)
  })

  it('each query parameter × bad encodings, lengths and repeats, and unknown parameters', async () => {
    const cases = queryCases()
    expect(cases.length).toBeGreaterThan(250)
    await run(cases)
  })

  it('each path parameter × bad encodings and lengths', async () => {
    const cases = pathCases()
    expect(cases.length).toBeGreaterThan(140)
    await run(cases)
  })

  it('each enum-like field, object key, query parameter and path part × prototype names (__proto__, constructor, …)', async () => {
    const cases = prototypeNameCases()
    expect(cases.length).toBeGreaterThan(450)
    await run(cases)
  })

  it('endpoints without input shrug off junk parameters (never a 5xx)', async () => {
    const before = await snapshot(t, cookie)
    const junk = '%FF=%00&__proto__=1&x=%ED%A0%80&constructor=%'
    for (const path of NO_INPUT_GET_ENDPOINTS) {
      const res = await t.app.request(`${path}?${junk}`, { headers: { origin: TEST_ORIGIN, cookie } })
      expect(res.status, path).toBeLessThan(500)
    }
    total += NO_INPUT_GET_ENDPOINTS.length
    expect(unhandledErrors()).toEqual([])
    expect(await snapshot(t, cookie)).toEqual(before)
  })
})
