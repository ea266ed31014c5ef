import { describe, expect, it } from 'vitest'
import { isPlaceholderEmail, NO_EMAIL_DOMAIN, placeholderEmail, realEmail } from './no-email'

describe('accounts without an e-mail', () => {
  it("names a provider's user by a placeholder under .invalid", () => {
    expect(placeholderEmail('roblox', '45348281')).toBe(`roblox-45348281@${NO_EMAIL_DOMAIN}`)
    expect(NO_EMAIL_DOMAIN.endsWith('.invalid')).toBe(true)
  })

  it('counts every .invalid address as none, in any case, and no other', () => {
    for (const email of [placeholderEmail('roblox', '1'), 'me@SOMEWHERE.INVALID', ' a@b.invalid. '])
      expect(isPlaceholderEmail(email), email).toBe(true)
    for (const email of ['me@example.com', 'invalid@example.com', 'me@invalid.example', 'me@x.invalidate'])
      expect(isPlaceholderEmail(email), email).toBe(false)
    expect(realEmail(placeholderEmail('roblox', '1'))).toBeNull()
    expect(realEmail('me@example.com')).toBe('me@example.com')
  })
})
