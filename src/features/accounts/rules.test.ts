import { describe, expect, it } from 'vitest'
import { socialLinkHref, socialLinkProblem, USERNAME_MESSAGES, usernameProblem } from './rules'

describe('usernameProblem', () => {
  it('accepts 3 to 30 lowercase letters, digits and underscores', () => {
    expect(usernameProblem('sam')).toBeNull()
    expect(usernameProblem('kitsune_trader_2026')).toBeNull()
    expect(usernameProblem('a'.repeat(30))).toBeNull()
  })
  it('refuses with the spec messages', () => {
    expect(usernameProblem('ab')).toBe(USERNAME_MESSAGES.tooShort)
    expect(usernameProblem('a'.repeat(31))).toBe(USERNAME_MESSAGES.tooLong)
    expect(usernameProblem('admin')).toBe(USERNAME_MESSAGES.reserved)
    expect(usernameProblem('tradehub_support')).toBe(USERNAME_MESSAGES.reserved)
    expect(usernameProblem('admiral')).toBeNull()
    for (const bad of ['Sam', 'two words', 'héllo', 'fire🔥', "admin'--", 'dash-name']) {
      expect(usernameProblem(bad)).toBe(USERNAME_MESSAGES.pattern)
    }
  })
})

describe('social links', () => {
  it('accepts handles and links of the right site', () => {
    expect(socialLinkProblem('twitter', '@trader')).toBeNull()
    expect(socialLinkProblem('twitter', 'https://x.com/trader')).toBeNull()
    expect(socialLinkProblem('discord', 'kitsune.trader')).toBeNull()
    expect(socialLinkProblem('discord', 'https://discord.gg/abc123')).toBeNull()
    expect(socialLinkProblem('website', 'https://example.com/me')).toBeNull()
    expect(socialLinkProblem('website', '')).toBeNull()
  })
  it('refuses script links, other sites and junk', () => {
    expect(socialLinkProblem('website', 'javascript:alert(1)')).toMatch(/^Website: enter/)
    expect(socialLinkProblem('twitter', 'javascript:alert(1)')).toMatch(/^X \(Twitter\): enter/)
    expect(socialLinkProblem('website', `https://example.com/${'a'.repeat(200)}`)).toMatch(/at most 200/)
  })
  it('offers no new GitHub link; an empty value (removing a stored one) passes', () => {
    expect(socialLinkProblem('github', 'octocat')).toBe(
      'GitHub links are no longer offered: you can only remove yours',
    )
    expect(socialLinkProblem('github', '')).toBeNull()
  })
  it('turns handles into links (a stored GitHub link too)', () => {
    expect(socialLinkHref('twitter', '@trader')).toBe('https://x.com/trader')
    expect(socialLinkHref('github', 'octocat')).toBe('https://github.com/octocat')
    expect(socialLinkHref('discord', 'kitsune.trader')).toBeNull()
    expect(socialLinkHref('website', 'https://example.com')).toBe('https://example.com')
  })
})
