/**
 * The fuzz tests' endpoints that read the URL: query parameters, path parameters, and the endpoints
 * that take no input at all.
 */

export interface QueryEndpoint {
  method: 'GET' | 'POST'
  path: string
  signedIn?: boolean
  /** Valid values of the parameters that must be there; each of `params` in turn gets a bad value. */
  query: Record<string, string>
  params: string[]
  /** Better Auth's e-mailed links answer a bad link with a redirect to the error page (3xx is fine). */
  link?: boolean
}

export const QUERY_ENDPOINTS: QueryEndpoint[] = [
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
export const PATH_ENDPOINTS: {
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
  { method: 'GET', path: '/api/stock/{}/feed-unknown', signedIn: true },
  { method: 'DELETE', path: '/api/stock/grow-a-garden/tokens/{}', signedIn: true },
  { method: 'PUT', path: '/api/watchlist/{}/kitsune', signedIn: true },
  { method: 'PUT', path: '/api/watchlist/blox-fruits/{}', signedIn: true },
  { method: 'DELETE', path: '/api/watchlist/{}/kitsune', signedIn: true },
  { method: 'DELETE', path: '/api/watchlist/blox-fruits/{}', signedIn: true },
  { method: 'DELETE', path: '/api/alert-rules/{}', signedIn: true },
]

/** Endpoints that take no input at all: junk parameters are ignored, but must never break them. */
export const NO_INPUT_GET_ENDPOINTS = [
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
  '/api/stock/grow-a-garden/feed-unknown',
  '/api/watchlist',
  '/api/alert-rules',
  '/api/notifications/unread-count',
  '/api/alert-settings',
]
