/**
 * The fuzz tests' endpoints that read a JSON body: the app's own and the /api/auth ones the web app
 * calls, each with a body it accepts and the fields that get the bad values.
 */
import { STRONG_PASSWORD } from '@/test/accounts'

/** The primary admin, signed in for the endpoints that need a session. */
export const ADMIN = 'fuzz-admin@example.com'
const WRONG_PASSWORD = 'Wrong-Password-1'

export interface BodyEndpoint {
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
export const BODY_ENDPOINTS: BodyEndpoint[] = [
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
        github: '', // no longer offered: only removing a stored one is valid
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
export const NO_INPUT_BODY_ENDPOINTS: BodyEndpoint[] = [
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
