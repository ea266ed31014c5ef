import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

const origin = 'https://tradehub.example'

/** Every answer is `/` or one `/` followed by neither `/` nor `\`: a path of this site, never `//host`. */
const SITE_PATH = /^\/(?:$|[^/\\])/

describe('safeRedirect', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirect('/profile?tab=account', origin)).toBe('/profile?tab=account')
    expect(safeRedirect('/values-and-wfl?search=a#top', origin)).toBe('/values-and-wfl?search=a#top')
    expect(safeRedirect('/sign-in?view=reset', origin)).toBe('/sign-in?view=reset')
    expect(safeRedirect('/', origin)).toBe('/')
  })

  it('keeps the resolved form of a path that stays on the site', () => {
    expect(safeRedirect('/a/../profile', origin)).toBe('/profile')
    expect(safeRedirect('/./values-and-wfl', origin)).toBe('/values-and-wfl')
    expect(safeRedirect('/values-and-wfl?redirect=//evil.test', origin)).toBe(
      '/values-and-wfl?redirect=//evil.test',
    )
  })

  it('sends anything that could leave the site home', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example',
      'javascript:alert(1)',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\/evil.example',
    ]) {
      expect(safeRedirect(bad, origin), JSON.stringify(bad)).toBe('/')
    }
  })

  it('resolves dot segments before checking: /..//host and /.//host are another site', () => {
    for (const bad of [
      '/..//evil.test/x',
      '/.//evil.test/',
      '/../..//evil.test',
      '/a/../..//evil.test',
      '/./\\evil',
      '/%2e%2e//evil.test/x',
      '/%2E//evil.test',
    ]) {
      expect(safeRedirect(bad, origin), JSON.stringify(bad)).toBe('/')
    }
  })

  it('checks encoded slashes and backslashes too', () => {
    for (const bad of [
      '/%2F%2Fevil.test',
      '/%2f%2fevil.test',
      '/%2Fevil.test',
      '/%5Cevil.test',
      '/%5cevil.test',
      '/..%2F%2Fevil.test',
      '/%252F%252Fevil.test',
      '%2F%2Fevil.test',
      '%5C%5Cevil.test',
      '/%E0%A4%A', // undecodable
    ]) {
      expect(safeRedirect(bad, origin), JSON.stringify(bad)).toBe('/')
    }
  })

  it('refuses tabs, newlines and other control characters, written or encoded', () => {
    for (const bad of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '\t//evil.example',
      '/%09/evil.example',
      '/%0A/evil.example',
      '/%0d%0a/evil.example',
      '/\u0000/evil.example',
      '/%00/evil.example',
    ]) {
      expect(safeRedirect(bad, origin), JSON.stringify(bad)).toBe('/')
    }
  })

  it('answers a path of this site for any input', () => {
    const parts = ['/', '//', '\\', '.', '..', '%2F', '%5C', '%2e', 'evil.test', '?', '#', '\t', 'a']
    for (const a of parts)
      for (const b of parts)
        for (const c of parts) {
          const answer = safeRedirect(`/${a}${b}${c}`, origin)
          expect(answer, JSON.stringify(`/${a}${b}${c}`)).toMatch(SITE_PATH)
          expect(new URL(answer, origin).origin).toBe(origin)
        }
  })
})
