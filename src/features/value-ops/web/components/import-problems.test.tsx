import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { ImportProblem } from '@/features/value-ops/contract'
import { RenderTimeProvider } from '@/platform/web/lib/now'
import { importProblemsQuery } from '../imports-api'
import { ImportProblems } from './import-problems'

const NOW = Date.parse('2026-11-26T15:00:00.000Z')
const HOUR = 3_600_000

const prices: ImportProblem = {
  kind: 'prices',
  gameId: 'pet-simulator-99',
  failedAt: new Date(NOW - 2 * HOUR).toISOString(),
  reason: '/api/rap answered HTTP 503',
  href: '/admin/imports#import-pet-simulator-99',
}
const pictures: ImportProblem = {
  kind: 'pictures',
  gameId: 'fisch',
  failedAt: new Date(NOW - 26 * HOUR).toISOString(),
  reason: 'The wiki answered HTTP 500.',
  href: '/admin/values?game=fisch#item-pictures-fisch',
}

/** The notices as the page renders them, with the answer given (none: still loading). */
function render(problems?: ImportProblem[]) {
  const client = new QueryClient()
  if (problems) client.setQueryData(importProblemsQuery.queryKey, { problems })
  return renderToStaticMarkup(
    <RenderTimeProvider value={NOW}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ImportProblems />
        </MemoryRouter>
      </QueryClientProvider>
    </RenderTimeProvider>,
  )
}

const text = (html: string) => html.replace(/<[^>]+>/g, '')

describe('the failed imports notice', () => {
  it('says which import failed, when and why, in a danger-coloured alert linking to Imports', () => {
    const html = render([prices])
    expect(html).toContain('role="alert"')
    expect(html).toContain('text-danger')
    expect(text(html)).toContain(
      'The Pet Simulator 99 price import failed 2 hours ago: /api/rap answered HTTP 503. Open Imports',
    )
    expect(html).toContain('href="/admin/imports#import-pet-simulator-99"')
  })

  it('a failed picture import links to its pictures on /admin/values; each failure is a notice of its own', () => {
    const html = render([prices, pictures])
    expect(html.match(/<li/g)).toHaveLength(2)
    expect(text(html)).toContain(
      'The Fisch picture import failed yesterday: The wiki answered HTTP 500. Open the pictures',
    )
    expect(html).toContain('href="/admin/values?game=fisch#item-pictures-fisch"')
  })

  it('shows nothing while loading or when every import went well', () => {
    expect(render()).toBe('')
    expect(render([])).toBe('')
  })
})
