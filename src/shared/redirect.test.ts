import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

const origin = 'https://tradehub.example'

describe('safeRedirect', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirect('/profile?tab=account', origin)).toBe('/profile?tab=account')
    expect(safeRedirect('/values-and-wfl?search=a#top', origin)).toBe('/values-and-wfl?search=a#top')
  })
  it('sends anything that could leave the site home', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(bad, origin), JSON.stringify(bad)).toBe('/')
    }
  })
})
