import { createHmac } from 'node:crypto'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

function base32Decode(text: string): Buffer {
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** The code an authenticator app shows for a base32 secret (RFC 6238: HMAC-SHA1, `period` s, `digits`). */
export function totpFromSecret(secretBase32: string, at = Date.now(), digits = 6, period = 30): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)))
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const number = mac.readUInt32BE(offset) & 0x7fffffff
  return String(number % 10 ** digits).padStart(digits, '0')
}

/** The code an authenticator app shows for an otpauth:// URI. */
export function totpCode(otpauthUri: string, at = Date.now()): string {
  const params = new URL(otpauthUri).searchParams
  return totpFromSecret(
    params.get('secret') ?? '',
    at,
    Number(params.get('digits') ?? 6),
    Number(params.get('period') ?? 30),
  )
}
