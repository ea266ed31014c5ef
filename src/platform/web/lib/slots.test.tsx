// @vitest-environment happy-dom
import { act, useEffect } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { prerender } from 'react-dom/static'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type SlotsModule = typeof import('./slots')

/** What has been hydrated (an effect runs only once its component is hydrated). */
let hydrated: string[] = []
function Heart({ item }: { item: string }) {
  useEffect(() => {
    hydrated.push(item)
  }, [item])
  return <button type="button">♥ {item}</button>
}
const fillsModule = { Heart }

/** A fresh copy of the slots module with one feature whose heart fill loads on demand. */
async function slotsWithAHeart(load: () => Promise<typeof fillsModule>) {
  vi.resetModules()
  const slots: SlotsModule = await import('./slots')
  const hearts = slots.defineSlot<{ item: string }>('item.actions')
  slots.installSlots([slots.fill(hearts, slots.lazyFills('favorites', load)('Heart'))])
  const page = <slots.Slot slot={hearts} item="kitsune" />
  return { slots, page }
}

/** The page as the server renders it (every fill's code there), and the features it names. */
async function renderOnServer() {
  const { slots, page } = await slotsWithAHeart(async () => fillsModule)
  const rendered = new Set<string>()
  const { prelude } = await prerender(<slots.RenderedFills value={rendered}>{page}</slots.RenderedFills>)
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text()
  return { html, features: [...rendered] }
}

let root: Root | undefined
beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  hydrated = []
})
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
})

/** Hydrates the server's markup in one synchronous pass (nothing React waits for can come in it). */
function hydrateInOnePass(html: string, page: React.ReactNode) {
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  act(() => {
    root = hydrateRoot(container, page)
  })
  return container
}

describe('lazyFills', () => {
  it('renders the fill on the server and names its feature to the browser', async () => {
    const { html, features } = await renderOnServer()
    expect(html.replace(/<!--.*?-->/g, '')).toContain('♥ kitsune')
    expect(features).toEqual(['favorites'])
  })

  it('hydrates a fill whose code was loaded first (loadFills) in the same pass as the page', async () => {
    const { html, features } = await renderOnServer()
    const { slots, page } = await slotsWithAHeart(async () => fillsModule)
    await slots.loadFills(features)
    const container = hydrateInOnePass(html, page)
    expect(hydrated).toEqual(['kitsune'])
    expect(container.textContent).toBe('♥ kitsune')
  })

  it('keeps the server’s markup of a fill whose code has not come, and hydrates it when it comes', async () => {
    const { html } = await renderOnServer()
    let arrive: (module: typeof fillsModule) => void = () => {}
    const { page } = await slotsWithAHeart(() => new Promise((resolve) => (arrive = resolve)))
    const container = hydrateInOnePass(html, page)
    expect(hydrated).toEqual([])
    expect(container.textContent).toBe('♥ kitsune')
    await act(async () => arrive(fillsModule))
    expect(hydrated).toEqual(['kitsune'])
    expect(container.textContent).toBe('♥ kitsune')
  })
})
