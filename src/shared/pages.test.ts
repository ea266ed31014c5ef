import { describe, expect, it } from 'vitest'
import { fullTitle } from '@/shared/page-info'
import { matchPage, PAGES } from './pages'

describe('matchPage', () => {
  it('finds static pages, with or without a trailing slash', () => {
    expect(matchPage('/about').page.path).toBe('/about')
    expect(matchPage('/about/').page.path).toBe('/about')
    expect(matchPage('/').page.path).toBe('/')
  })
  it('matches pattern pages and returns their parameters', () => {
    const match = matchPage('/values/blox-fruits/kitsune')
    expect(match.found).toBe(true)
    expect(match.params).toEqual({ game: 'blox-fruits', item: 'kitsune' })
  })
  it('refuses unknown games in pattern pages', () => {
    expect(matchPage('/trade-helper/minecraft').found).toBe(false)
    expect(matchPage('/values/minecraft/dirt').found).toBe(false)
    expect(matchPage('/trade-helper/adopt-me').found).toBe(true)
  })
  it('gives each game its own trade helper title and description', () => {
    expect(matchPage('/trade-helper/blox-fruits').page).toMatchObject({
      title: 'Blox Fruits trade calculator and values',
      description: expect.stringContaining('Blox Fruits trade'),
    })
    expect(matchPage('/trade-helper/grow-a-garden').page.title).toBe(
      'Grow a Garden trade calculator and values',
    )
  })
  it('answers the 404 page for unknown and malformed paths', () => {
    const miss = matchPage('/no-such-page')
    expect(miss.found).toBe(false)
    expect(miss.page.title).toBe('Page Not Found')
    expect(matchPage('/values/blox-fruits/%E0%A4%A').found).toBe(false)
  })
  it('gives every page a unique path, a title and a description', () => {
    const paths = PAGES.map((p) => p.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const page of PAGES) {
      expect(page.title.length).toBeGreaterThan(3)
      expect(page.description.length).toBeGreaterThan(20)
    }
  })
})

describe('fullTitle', () => {
  it('adds the site name once', () => {
    expect(fullTitle('About')).toBe('About | TradeHub')
    expect(fullTitle('TradeHub — home')).toBe('TradeHub — home')
  })
})
