import { createPublicKey, type KeyObject, verify } from 'node:crypto'

/** The DER prefix that turns a raw 32-byte Ed25519 public key into an SPKI key Node can read. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** Interactions older than this are refused (a replayed request). */
export const MAX_SIGNATURE_AGE_SECONDS = 5 * 60

/** Discord's application public key (64 hex characters) as a Node key. */
export function publicKeyFromHex(hex: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  })
}

/**
 * True when `signature` (hex) is Discord's Ed25519 signature of `timestamp + body` and the timestamp
 * (unix seconds) is no more than five minutes from `now`.
 */
export function verifyInteraction(
  key: KeyObject,
  signature: string | undefined,
  timestamp: string | undefined,
  body: string,
  now: Date,
): boolean {
  if (!signature || !timestamp || !/^[0-9a-f]{128}$/i.test(signature) || !/^\d{1,12}$/.test(timestamp))
    return false
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_SIGNATURE_AGE_SECONDS) return false
  try {
    return verify(null, Buffer.from(timestamp + body, 'utf8'), key, Buffer.from(signature, 'hex'))
  } catch {
    return false
  }
}
