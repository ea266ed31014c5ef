// A real OpenID Connect provider for the browser tests (oauth2-mock-server on OIDC_PORT). It signs in
// whoever the authorization request names with `login_hint` (the tests add it), so parallel tests can
// be different people: the code, then the tokens, remember that identity. With OIDC_AS=roblox it stands
// in for Roblox's sign-in: the hint is a Roblox username, and the claims are Roblox's (the user id as
// `sub`, `preferred_username`, `nickname`, `name`, `picture`), with no e-mail.
import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Events, OAuth2Server } from 'oauth2-mock-server'

const port = Number(process.env.OIDC_PORT ?? 2528)
const asRoblox = process.env.OIDC_AS === 'roblox'
const server = new OAuth2Server()
await server.issuer.keys.generate('RS256')
await server.start(port, '127.0.0.1')
server.issuer.url = `http://127.0.0.1:${port}`

type Identity = Record<string, unknown> & { sub: string }
const byCode = new Map<string, Identity>()
const byAccessToken = new Map<string, Identity>()

/** The same Roblox username is always the same Roblox user id. */
const robloxIdOf = (username: string) =>
  String(
    1_000_000 +
      (Number.parseInt(createHash('sha256').update(username).digest('hex').slice(0, 12), 16) % 9e12),
  )

const identityFor = (hint: string): Identity =>
  asRoblox
    ? {
        sub: robloxIdOf(hint),
        preferred_username: hint,
        name: `${hint} Display`,
        nickname: `${hint} Display`,
        profile: `https://www.roblox.com/users/${robloxIdOf(hint)}/profile`,
        picture: null,
      }
    : { sub: `sub-${hint}`, email: hint, email_verified: true, name: hint.split('@')[0] ?? hint }

server.service.on(Events.BeforeAuthorizeRedirect, ({ url }: { url: URL }, req: IncomingMessage) => {
  const hint = new URL(req.url ?? '/', server.issuer.url).searchParams.get('login_hint')
  const code = url.searchParams.get('code')
  if (hint && code) byCode.set(code, identityFor(hint))
})
const codeOf = (req: unknown) => (req as { body?: { code?: string } }).body?.code ?? ''
server.service.on(Events.BeforeTokenSigning, (token: { payload: Record<string, unknown> }, req: unknown) => {
  const identity = byCode.get(codeOf(req))
  if (identity) Object.assign(token.payload, identity)
})
server.service.on(Events.BeforeResponse, (response: { body: Record<string, unknown> }, req: unknown) => {
  const identity = byCode.get(codeOf(req))
  if (identity && typeof response.body.access_token === 'string')
    byAccessToken.set(response.body.access_token, identity)
})
server.service.on(Events.BeforeUserinfo, (response: { body: unknown }, req: IncomingMessage) => {
  const token = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? ''
  const identity = byAccessToken.get(token)
  if (identity) response.body = identity
})
console.log(`OpenID Connect provider${asRoblox ? ' (as Roblox)' : ''} on ${server.issuer.url}`)
