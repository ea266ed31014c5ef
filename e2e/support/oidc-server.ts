// A real OpenID Connect provider for the browser tests (oauth2-mock-server on OIDC_PORT). It signs in
// whoever the authorization request names with `login_hint` (the tests add it), so parallel tests can
// be different people: the code, then the tokens, remember that identity.
import type { IncomingMessage } from 'node:http'
import { Events, OAuth2Server } from 'oauth2-mock-server'

const port = Number(process.env.OIDC_PORT ?? 2528)
const server = new OAuth2Server()
await server.issuer.keys.generate('RS256')
await server.start(port, '127.0.0.1')
server.issuer.url = `http://127.0.0.1:${port}`

interface Identity {
  sub: string
  email: string
  email_verified: boolean
  name: string
}
const byCode = new Map<string, Identity>()
const byAccessToken = new Map<string, Identity>()
const identityFor = (email: string): Identity => ({
  sub: `sub-${email}`,
  email,
  email_verified: true,
  name: email.split('@')[0] ?? email,
})

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
console.log(`OpenID Connect provider on ${server.issuer.url}`)
