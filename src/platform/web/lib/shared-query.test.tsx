import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { queryClient } from './query-client'
import { sharedObserverCount, useSharedQuery } from './shared-query'

/** A control as a list row has it: it reads one query of its screen (here a search's). */
function Probe({ search }: { search: string }) {
  const status = useSharedQuery(
    { queryKey: ['search-probe', search], queryFn: () => Promise.resolve({ search }) },
    (result) => result.status,
  )
  return <span>{status}</span>
}

describe('useSharedQuery on the server', () => {
  it('leaves nothing behind after 5,000 distinct searches rendered (no observer, no query)', () => {
    const queries = () => queryClient.getQueryCache().findAll({ queryKey: ['search-probe'] }).length
    for (let i = 0; i < 5_000; i++) {
      expect(renderToString(<Probe search={`kitsune ${i}`} />)).toBe('<span>pending</span>')
    }
    // The server renders what the browser shows before it knows: nothing is fetched nor kept for it.
    expect(queries()).toBe(0)
    expect(sharedObserverCount()).toBe(0)
  })
})
