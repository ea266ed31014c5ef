import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { type Interaction, interactionSchema } from '@/features/discord/contract'

/** The DER prefix that turns a raw 32-byte Ed25519 public key into an SPKI key Node can read. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** Interactions older than this are refused (a replayed request). */
export const MAX_SIGNATURE_AGE_SECONDS = 5 * 60

/** Discord's application public key (64 hex characters) as a Node key. */
function publicKeyFromHex(hex: string): KeyObject {
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
function verifyInteraction(
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

/**
 * A request to the interactions endpoint as the bot reads it: the interaction Discord signed, or why it
 * is refused (401 unsigned or stale, 400 not an interaction TradeHub answers).
 */
export function readInteraction(
  publicKeyHex: string,
  request: { signature: string | undefined; timestamp: string | undefined; body: string; now: Date },
): { interaction: Interaction } | { refused: string; status: 400 | 401 } {
  const { signature, timestamp, body, now } = request
  if (!verifyInteraction(publicKeyFromHex(publicKeyHex), signature, timestamp, body, now))
    return { refused: 'Invalid request signature', status: 401 }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { refused: 'The body is not JSON', status: 400 }
  }
  const parsed = interactionSchema.safeParse(json)
  if (!parsed.success) return { refused: 'Not an interaction TradeHub answers', status: 400 }
  return { interaction: parsed.data }
}
