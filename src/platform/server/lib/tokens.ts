import { createHash, createHmac, randomBytes } from 'node:crypto'

/** What a token is for; the purpose is part of its stored hash, so a token never works elsewhere. */
export type TokenPurpose =
  | 'launch-verify'
  | 'launch-unsubscribe'
  | 'stock-ingest'
  | 'alert-unsubscribe'
  | 'discord-connect'

export function hashToken(purpose: TokenPurpose, token: string): string {
  return createHash('sha256').update(`${purpose}:${token}`).digest('base64url')
}

/** 32 random bytes (43 base64url characters) and the hash to store. */
export function createToken(purpose: TokenPurpose): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(purpose, token) }
}

/**
 * A stable token derived from the server secret, for links that must keep working in every mail
 * (unsubscribe): only its hash is stored, and it can be derived again for the next mail.
 */
export function deriveToken(
  secret: string,
  purpose: TokenPurpose,
  subject: string,
): { token: string; hash: string } {
  const token = createHmac('sha256', secret).update(`${purpose}:${subject}`).digest('base64url')
  return { token, hash: hashToken(purpose, token) }
}
