/**
 * The line that says when a game's values last changed and where they come from, as the server renders
 * it at the page's render time (the browser hydrates with the same time).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Game } from '@/features/catalog/contract'
import { RenderTimeProvider } from '@/platform/web/lib/now'
import { ValuesFreshness } from './values-freshness'

const renderedAt = Date.parse('2026-09-10T12:00:00Z')
const hoursAgo = (hours: number) => new Date(renderedAt - hours * 3_600_000).toISOString()

type Freshness = Pick<Game, 'valuedCount' | 'lastValueChangeAt' | 'valueSources'>
const render = (game: Freshness) =>
  renderToStaticMarkup(
    <RenderTimeProvider value={renderedAt}>
      <ValuesFreshness game={game} />
    </RenderTimeProvider>,
  )
const text = (html: string) => html.replace(/<[^>]+>/g, '')

describe('ValuesFreshness', () => {
  it('says when the values last changed and where from, then each other source, latest first', () => {
    const html = render({
      valuedCount: 40,
      lastValueChangeAt: hoursAgo(3),
      valueSources: [
        { source: 'official-rap', lastAt: hoursAgo(3) },
        { source: 'editor', lastAt: hoursAgo(48) },
        { source: 'catalog', lastAt: '2026-07-01T00:00:00.000Z' },
      ],
    })
    expect(text(html)).toBe(
      'Values last changed 3 hours ago · from the official price import; the value team 2 days ago; the starting values 2 months ago',
    )
    // Each time is a <time> with its instant and its day on hover.
    expect(html).toContain(`<time dateTime="${hoursAgo(3)}" title="Sep 10, 2026">3 hours ago</time>`)
    expect(html).toContain(
      '<time dateTime="2026-07-01T00:00:00.000Z" title="Jul 1, 2026">2 months ago</time>',
    )
    expect(html).toMatch(/^<p class="text-muted text-xs/)
  })

  it('names the starting values when nothing changed them, and says nothing for a game without values', () => {
    expect(
      text(
        render({
          valuedCount: 86,
          lastValueChangeAt: '2026-09-09T12:00:00.000Z',
          valueSources: [{ source: 'catalog', lastAt: '2026-09-09T12:00:00.000Z' }],
        }),
      ),
    ).toBe('Values last changed yesterday · from the starting values')
    expect(render({ valuedCount: 0, lastValueChangeAt: null, valueSources: [] })).toBe('')
    // Values whose source is not recorded still say when they changed.
    expect(text(render({ valuedCount: 3, lastValueChangeAt: hoursAgo(1), valueSources: [] }))).toBe(
      'Values last changed 1 hour ago',
    )
  })
})
