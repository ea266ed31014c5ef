/**
 * The calculator as the server renders it from a shared link: the verdict first (above the sides), a
 * typed amount's slot, exact totals, and visible labels on every box.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Game, ItemSummary } from '@/features/catalog/contract'
import type { GameId } from '@/shared/games'
import { itemsByIdQuery } from './api'
import { TradeCalculator } from './components/trade-calculator'

const game = (id: GameId, name: string): Game => ({
  id,
  name,
  currency: 'Beli',
  valueUnit: 'Beli',
  variantLabels: null,
  startingValues: null,
  itemCount: 1,
  valuedCount: 1,
  lastValueChangeAt: null,
  valueSources: [],
})

const item = (gameId: GameId, id: string, name: string, value: number, category: string | null = null) =>
  ({
    gameId,
    id,
    name,
    category,
    rarity: null,
    value,
    variants: null,
    demand: 8,
    trend: null,
    inGamePrice: null,
    robuxPrice: null,
    valueChangedAt: null,
    lastChange: null,
    image: null,
    retired: false,
  }) satisfies ItemSummary

/** The calculator's HTML for an address, its items already known (as a page rendered from a link). */
function render(g: Game, address: string, items: ItemSummary[]) {
  const client = new QueryClient()
  const ids = items.map((i) => i.id).sort()
  if (ids.length > 0) {
    const { queryKey } = itemsByIdQuery(g.id, ids)
    client.setQueryData(queryKey, {
      gameId: g.id,
      items,
      total: items.length,
      page: 1,
      pageSize: 24,
      facets: { categories: [], rarities: [] },
    })
  }
  const html = renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <TradeCalculator game={g} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  const text = html
    .replace(/<!--.*?-->/gs, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
  return { html, text }
}

describe('the calculator from a shared link', () => {
  const blox = game('blox-fruits', 'Blox Fruits')
  const kitsune = item('blox-fruits', 'kitsune', 'Kitsune', 640_000_000)

  it('shows the verdict and both totals before the sides, linked to the details', () => {
    const { html, text } = render(blox, '/trade-helper/blox-fruits?tab=wfl&give=kitsune&get=$700M', [kitsune])
    const summary = html.indexOf('aria-label="Verdict"')
    expect(summary).toBeGreaterThan(-1)
    expect(summary).toBeLessThan(html.indexOf('You give</h2>'))
    expect(text).toMatch(
      /Fair You give 640M 640,000,000 , you get 700M 700,000,000 \+60M \+60,000,000 \(\+8\.6%\) for you Details/,
    )
    const details = html.match(/href="#([^"]+)"[^>]*>Details/)?.[1]
    expect(details).toBeTruthy()
    expect(html).toContain(`id="${details}" aria-label="Result"`)
  })

  it('shows a typed amount as its own slot, removable, in the game’s unit', () => {
    const { html, text } = render(blox, '/trade-helper/blox-fruits?tab=wfl&give=kitsune&get=$700M', [kitsune])
    expect(text).toContain('700M Beli counted as 700,000,000 Beli')
    expect(html).toContain('aria-label="Remove 700M Beli"')
    expect(html).toContain('placeholder="Add item or amount (700M)"')
  })

  it('shows no summary while a side is empty', () => {
    const { html, text } = render(blox, '/trade-helper/blox-fruits?tab=wfl&give=kitsune', [kitsune])
    expect(html).not.toContain('aria-label="Verdict"')
    expect(text).toContain('Add items to both sides')
  })

  it('writes huge totals with every digit, without float noise', () => {
    const garden = game('grow-a-garden', 'Grow a Garden')
    const pets = [
      item('grow-a-garden', 'a', 'A', 45e21, 'pet'),
      item('grow-a-garden', 'b', 'B', 10e21, 'pet'),
      item('grow-a-garden', 'c', 'C', 2e21, 'pet'),
    ]
    const { text } = render(garden, '/trade-helper/grow-a-garden?tab=wfl&give=a,b,c&get=$57Sx', pets)
    expect(text).toContain('57,000,000,000,000,000,000,000')
    expect(text).not.toMatch(/56,999/)
    expect(text).toMatch(/Fair You give 57Sx/)
  })

  it('labels the quantity and a pet’s age visibly, naming the item for screen readers', () => {
    const garden = game('grow-a-garden', 'Grow a Garden')
    const raccoon = item('grow-a-garden', 'raccoon', 'Raccoon', 1_000_000, 'pet')
    const { html } = render(garden, '/trade-helper/grow-a-garden?tab=wfl&give=raccoon@3', [raccoon])
    for (const [shown, rest] of [
      ['Quantity', 'of Raccoon'],
      ['Mutation', 'of Raccoon'],
      ['Age', 'of Raccoon'],
    ]) {
      expect(html).toMatch(
        new RegExp(
          `<label for="[^"]+" class="block text-muted text-xs">${shown}<span class="sr-only"> ${rest}</span></label>`,
        ),
      )
    }
    // No box of the slot's row is labelled for screen readers only.
    const row = html.slice(html.indexOf('<ul class="mt-3'), html.indexOf('</ul>'))
    expect(row).toContain('<label')
    expect(row).not.toMatch(/<label[^>]*class="sr-only"/)
  })
})
