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

/** The code an authenticator app shows for an otpauth:// URI (RFC 6238: HMAC-SHA1, 30 s, 6 digits). */
export function totpCode(otpauthUri: string, at = Date.now()): string {
  const params = new URL(otpauthUri).searchParams
  const secret = base32Decode(params.get('secret') ?? '')
  const digits = Number(params.get('digits') ?? 6)
  const period = Number(params.get('period') ?? 30)
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)))
  const mac = createHmac('sha1', secret).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const number = mac.readUInt32BE(offset) & 0x7fffffff
  return String(number % 10 ** digits).padStart(digits, '0')
}
