import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { WIKI_SOURCES, wikiApiUrl } from '@/features/item-images/rules'
import { GAME_NAMES } from '@/shared/games'
import { PictureSources } from './picture-sources'

describe('where item pictures come from (the methodology page)', () => {
  const html = renderToStaticMarkup(<PictureSources />)

  it("names each game's source: the studio's API, or the wiki with a link and its licence", () => {
    expect(html).toContain('Where item pictures come from')
    for (const name of Object.values(GAME_NAMES)) expect(html).toContain(name)
    expect(html).toContain('<a href="https://biggamesapi.io" rel="noopener">')
    expect(html).toContain(
      '<a href="https://blox-fruits.fandom.com" rel="noopener">Blox Fruits Wiki (Fandom)</a>',
    )
    expect(html).toContain('<a href="https://fischipedia.org" rel="noopener">Fischipedia</a>')
    expect(html.match(/rel="noopener license">CC BY-SA<\/a>/g)).toHaveLength(6)
  })
})

describe('wikiApiUrl', () => {
  it("puts the game's id into ITEM_WIKI_API_URL; unset, the game's own wiki", () => {
    expect(wikiApiUrl('https://wikis.example/{game}/api.php', 'fisch')).toBe(
      'https://wikis.example/fisch/api.php',
    )
    expect(wikiApiUrl(undefined, 'adopt-me')).toBe(WIKI_SOURCES['adopt-me'].api)
    expect(wikiApiUrl(undefined, 'fisch')).toBe('https://fischipedia.org/w/api.php')
  })
})
