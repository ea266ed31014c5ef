// @vitest-environment happy-dom
import { act, type ComponentType, type ReactNode, useEffect } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type PartModule = typeof import('./part')

/** An IntersectionObserver the test drives: it reports what the test says is near the screen. */
class TestObserver {
  static current: TestObserver | undefined
  readonly watched = new Set<Element>()
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestObserver.current = this
  }
  observe(element: Element) {
    this.watched.add(element)
  }
  unobserve(element: Element) {
    this.watched.delete(element)
  }
  disconnect() {
    this.watched.clear()
  }
  /** Reports each watched element: near the screen when `near` says so. */
  report(near: (element: Element) => boolean) {
    const entries = [...this.watched].map(
      (target) => ({ target, isIntersecting: near(target) }) as IntersectionObserverEntry,
    )
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

/** The module as the server loads it (no window: it never gates) and as a browser does (a fresh copy). */
async function partOnServer(): Promise<PartModule> {
  vi.resetModules()
  vi.stubGlobal('window', undefined)
  try {
    return await import('./part')
  } finally {
    vi.unstubAllGlobals()
  }
}
async function partInBrowser(): Promise<PartModule> {
  vi.resetModules()
  return await import('./part')
}

/** What has been hydrated (an effect runs only in the browser, once its part is hydrated). */
let hydrated: string[] = []
let tapped: string[] = []
function Probe({ name, children }: { name: string; children?: ReactNode }) {
  useEffect(() => {
    hydrated.push(name)
  }, [name])
  return (
    <button type="button" data-name={name} onClick={() => tapped.push(name)}>
      {name}
      {children}
    </button>
  )
}

/** A page of two parts: the first on the screen, the second far below it. */
function page(Part: ComponentType<{ children: ReactNode }>, label = 'first') {
  return (
    <div>
      <Part>
        <Probe name={label} />
      </Part>
      <p>Between the parts</p>
      <Part>
        <Probe name="below" />
      </Part>
    </div>
  )
}

const button = (name: string) => document.querySelector(`[data-name="${name}"]`) as HTMLButtonElement
const onScreen = (element: Element) => element.textContent?.includes('first') ?? false

let container: HTMLElement
let root: Root | undefined
beforeEach(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  vi.stubGlobal('IntersectionObserver', TestObserver)
  hydrated = []
  tapped = []
  container = document.createElement('div')
  document.body.append(container)
})
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  container.remove()
  vi.unstubAllGlobals()
})

/** The server's page for `ui`, in the container, taken over by the browser's copy of the module. */
async function hydrate(ui: (Part: PartModule['Part']) => ReactNode) {
  const server = await partOnServer()
  container.innerHTML = renderToString(ui(server.Part))
  const browser = await partInBrowser()
  vi.stubGlobal('IntersectionObserver', TestObserver)
  await act(async () => {
    root = hydrateRoot(container, ui(browser.Part))
  })
  return browser
}

describe('Part', () => {
  it('the server sends every part whole, with nothing to wait for', async () => {
    const { Part } = await partOnServer()
    const html = renderToString(page(Part))
    expect(html).toContain('data-name="first"')
    expect(html).toContain('data-name="below"')
    // A boundary the server completed (no fallback, nothing left for the browser to render).
    expect(html).not.toContain('<!--$!-->')
  })

  it('hydrates a part when it comes near the screen, and keeps one far below it as the server sent it', async () => {
    const { whenHydrated } = await hydrate((Part) => page(Part))
    expect(hydrated).toEqual([])
    const sent = button('below')

    await act(async () => TestObserver.current?.report(onScreen))
    expect(hydrated).toEqual(['first'])
    // The part below is not waited for: the page counts as taken over.
    await act(async () => {
      await whenHydrated()
    })
    expect(button('below')).toBe(sent)

    // Scrolled to: it hydrates, on the very elements the server sent.
    await act(async () => TestObserver.current?.report(() => true))
    expect(hydrated).toEqual(['first', 'below'])
    expect(button('below')).toBe(sent)
  })

  it('a tap on a part not hydrated yet hydrates it at once and reaches its handler', async () => {
    await hydrate((Part) => page(Part))
    await act(async () => TestObserver.current?.report(onScreen))
    expect(hydrated).not.toContain('below')

    await act(async () => {
      button('below').dispatchEvent(new MouseEvent('click', { bubbles: true }))
    })
    expect(tapped).toEqual(['below'])
    expect(hydrated).toContain('below')
  })

  it('a part its parent renders again shows its new children, never a blank', async () => {
    const browser = await hydrate((Part) => page(Part))
    await act(async () => {
      root?.render(page(browser.Part, 'renamed'))
    })
    expect(button('renamed')).not.toBeNull()
    expect(button('below')).not.toBeNull()
    expect(hydrated).toContain('renamed')
  })

  it('a part the browser renders itself (after a navigation) is shown at once', async () => {
    const { Part, whenHydrated } = await partInBrowser()
    await whenHydrated()
    const { createRoot } = await import('react-dom/client')
    await act(async () => {
      root = createRoot(container)
      root.render(page(Part))
    })
    expect(hydrated).toEqual(['first', 'below'])
  })
})
