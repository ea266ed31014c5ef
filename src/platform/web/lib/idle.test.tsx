// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => vi.unstubAllGlobals())

/** The hook as a fresh page has it, reporting what it reads. */
async function probe() {
  vi.resetModules()
  const { useIdle } = await import('./idle')
  const seen: boolean[] = []
  function Probe() {
    const idle = useIdle()
    seen.push(idle)
    return <span>{idle ? 'idle' : 'busy'}</span>
  }
  return { Probe, seen }
}

describe('useIdle', () => {
  it('is false on the server', async () => {
    const { Probe } = await probe()
    expect(renderToString(<Probe />)).toBe('<span>busy</span>')
  })

  it('turns true once the browser calls back when idle, not before', async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    let callBack: (() => void) | undefined
    const asked = vi.fn((run: () => void, options?: { timeout?: number }) => {
      callBack = run
      expect(options?.timeout).toBeGreaterThan(0)
      return 1
    })
    vi.stubGlobal('requestIdleCallback', asked)
    const { Probe, seen } = await probe()
    const container = document.createElement('div')
    const root = createRoot(container)
    await act(async () => root.render(<Probe />))
    expect(container.textContent).toBe('busy')
    expect(asked).toHaveBeenCalledTimes(1)

    await act(async () => callBack?.())
    expect(container.textContent).toBe('idle')
    expect(seen.at(-1)).toBe(true)
    act(() => root.unmount())
  })
})

describe('useLoadedFor', () => {
  async function render(ms: number) {
    vi.resetModules()
    const { useLoadedFor } = await import('./idle')
    function Probe() {
      return <span>{useLoadedFor(ms) ? 'due' : 'waiting'}</span>
    }
    return Probe
  }

  it('is false on the server', async () => {
    const Probe = await render(0)
    expect(renderToString(<Probe />)).toBe('<span>waiting</span>')
  })

  it('turns true once the time since the page started loading has passed, not before', async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    try {
      vi.advanceTimersByTime(1_000)
      const Probe = await render(3_000)
      const container = document.createElement('div')
      const root = createRoot(container)
      await act(async () => root.render(<Probe />))
      expect(container.textContent).toBe('waiting')
      await act(async () => vi.advanceTimersByTime(1_999))
      expect(container.textContent).toBe('waiting')
      await act(async () => vi.advanceTimersByTime(1))
      expect(container.textContent).toBe('due')
      act(() => root.unmount())
    } finally {
      vi.useRealTimers()
    }
  })

  it('is true at once, after the first render, when the time has passed already', async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const Probe = await render(performance.now() - 1)
    const container = document.createElement('div')
    const root = createRoot(container)
    await act(async () => root.render(<Probe />))
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(container.textContent).toBe('due')
    act(() => root.unmount())
  })
})
