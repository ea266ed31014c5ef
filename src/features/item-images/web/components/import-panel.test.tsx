import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { ItemImageJob, MissingImagesResponse } from '@/features/item-images/contract'
import { latestImportQuery, missingImagesQuery } from '../api'
import { ImportPanel } from './import-panel'
import { MissingPictures } from './missing-pictures'

const job: ItemImageJob = {
  id: 7,
  game: 'blox-fruits',
  status: 'finished',
  startedAt: '2026-11-26T13:00:00.000Z',
  finishedAt: '2026-11-26T13:02:00.000Z',
  counts: { items: 86, found: 13, imported: 4, unchanged: 0, kept: 1, missing: 73, failed: 8 },
  failures: [{ itemId: 'gas', name: 'Gas', reason: '10.0.0.1 points to a private or local address' }],
  error: null,
  source: 'Blox Fruits Wiki (Fandom)',
}

function render(node: React.ReactNode, seed: (client: QueryClient) => void) {
  const client = new QueryClient()
  seed(client)
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the pictures section of /admin/values', () => {
  it("shows the last import's result: its counts and why each failure failed", () => {
    const html = render(<ImportPanel game="blox-fruits" />, (c) =>
      c.setQueryData(latestImportQuery('blox-fruits').queryKey, { job }),
    )
    expect(html).toContain('Blox Fruits pictures')
    expect(html).toContain('Finished')
    expect(html).toMatch(/Imported<\/dt><dd[^>]*>4<\/dd>/)
    expect(html).toMatch(/Failed<\/dt><dd[^>]*>8<\/dd>/)
    expect(html).toContain('Why 8 pictures were not imported')
    expect(html).toContain('10.0.0.1 points to a private or local address')
    expect(html).toContain('Import pictures')
  })

  it('a running import disables the button; a failed one says why', () => {
    const running = render(<ImportPanel game="fisch" />, (c) =>
      c.setQueryData(latestImportQuery('fisch').queryKey, {
        job: { ...job, game: 'fisch', status: 'running' },
      }),
    )
    expect(running).toMatch(/<button[^>]*disabled=""[^>]*>Importing…/)
    const failed = render(<ImportPanel game="fisch" />, (c) =>
      c.setQueryData(latestImportQuery('fisch').queryKey, {
        job: { ...job, status: 'failed', error: 'The wiki answered HTTP 500' },
      }),
    )
    expect(failed).toContain('The wiki answered HTTP 500')
  })

  it('lists the items without a picture, each linking to its page', () => {
    const missing: MissingImagesResponse = { items: [{ id: 'gas', name: 'Gas' }], total: 120 }
    const html = render(<MissingPictures game="blox-fruits" />, (c) =>
      c.setQueryData(missingImagesQuery('blox-fruits').queryKey, missing),
    )
    expect(html).toContain('120 items show a tile instead of a picture (the first 1 by name)')
    expect(html).toContain('href="/values/blox-fruits/gas"')
  })
})
