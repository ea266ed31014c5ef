// @vitest-environment happy-dom
/**
 * A page the server rendered in another minute than the browser's (a page kept in the server's cache, a
 * phone's clock): its time texts take the browser's minute once hydrated, and only they render again.
 */
import { act, type ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const HOUR = 3_600_000
const changedAt = '2026-11-30T12:00:00.000Z'
const renderedAt = Date.parse(changedAt) + 2 * HOUR

/** The modules as a browser loads them when the page is opened at `openedAt`. */
async function modulesOpenedAt(openedAt: number) {
  vi.useFakeTimers({ now: openedAt, toFake: ['Date'] })
  vi.resetModules()
  return { now: await import('@/platform/web/lib/now'), freshness: await import('./values-freshness') }
}

/**
 * Renders a page with one `Ago` on the server at `renderedAt`, hydrates it in a browser opened a day
 * later, and tells what it shows and how often the page around the text rendered in the browser.
 * `pageReadsTime`: the page reads the time itself too (as the item page did).
 */
async function hydrateADayLater(pageReadsTime: boolean) {
  const server = await modulesOpenedAt(renderedAt)
  const browser = await modulesOpenedAt(renderedAt + 24 * HOUR)
  let pageRenders = 0
  const tree = ({ now, freshness }: typeof server) => {
    function PlainPage({ children }: { children: ReactNode }) {
      pageRenders++
      return <p>Value from the value team, {children}</p>
    }
    function TimedPage({ children }: { children: ReactNode }) {
      now.useRenderNow()
      return <PlainPage>{children}</PlainPage>
    }
    const Page = pageReadsTime ? TimedPage : PlainPage
    return (
      <now.RenderTimeProvider value={renderedAt}>
        <Page>
          <freshness.Ago at={changedAt} />
        </Page>
      </now.RenderTimeProvider>
    )
  }
  const container = document.createElement('div')
  container.innerHTML = renderToString(tree(server))
  document.body.append(container)
  const served = container.textContent
  pageRenders = 0
  const errors: unknown[] = []
  await act(async () => {
    root = hydrateRoot(container, tree(browser), { onRecoverableError: (error) => errors.push(error) })
  })
  return { served, shown: container.textContent, pageRenders, errors }
}

let root: Root | undefined
beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
  vi.useRealTimers()
})

describe('Ago on a page the server rendered in another minute', () => {
  it('hydrates as the server wrote it, then takes the browser’s time without rendering the page again', async () => {
    const page = await hydrateADayLater(false)
    expect(page.served).toBe('Value from the value team, 2 hours ago')
    expect(page.errors).toEqual([])
    expect(page.shown).toBe('Value from the value team, yesterday')
    expect(page.pageRenders).toBe(1)
  })

  it('renders again a page that reads the time itself (what the text spares its page)', async () => {
    const page = await hydrateADayLater(true)
    expect(page.shown).toBe('Value from the value team, yesterday')
    expect(page.pageRenders).toBe(2)
  })
})
