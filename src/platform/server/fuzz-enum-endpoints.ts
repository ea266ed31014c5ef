/**
 * The fuzz tests' fields that take one of a fixed set of values (a game, shop, weather, trend, role,
 * category, rarity, provider, item of the catalog): in bodies, as object keys, in queries and in paths.
 */
import { ADMIN, type BodyEndpoint } from './fuzz-endpoints'
import type { QueryEndpoint } from './fuzz-url-endpoints'

/**
 * Each field of each JSON body that takes one of a fixed set of values (a game, shop, weather, trend,
 * role, category, rarity, provider, item of the catalog). `body` is a request the endpoint accepts as it
 * is: only the field's prototype name can be why it is refused.
 */
export const ENUM_BODY_ENDPOINTS: BodyEndpoint[] = [
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
export const ENUM_KEY_ENDPOINTS: BodyEndpoint[] = [
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
export const ENUM_QUERY_ENDPOINTS: QueryEndpoint[] = [
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
export const ENUM_PATH_ENDPOINTS: {
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
  { method: 'POST', path: '/api/admin/item-images/{}/import', signedIn: true },
  { method: 'GET', path: '/api/admin/item-images/{}/import', signedIn: true },
  { method: 'GET', path: '/api/admin/item-images/{}/missing', signedIn: true },
  { method: 'GET', path: '/og/items/{}/kitsune.png' },
  { method: 'GET', path: '/og/items/blox-fruits/{}.png' },
]
