import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FavoriteCountsResponse } from '@/features/favorites/contract'
import { toast } from '@/platform/web/lib/toast'
import { favoriteToggleMutation } from './api'

vi.mock('@/platform/web/lib/toast', () => ({ toast: { error: vi.fn() } }))

const GAME = 'blox-fruits'
/** Three cached screens of the game (two show kitsune) and one of another game with a same-named item. */
const SCREENS: [string[], FavoriteCountsResponse][] = [
  [['favorites', GAME, 'dough,kitsune'], { counts: { dough: 1, kitsune: 3 }, mine: ['dough'] }],
  [['favorites', GAME, 'kitsune,leopard'], { counts: { kitsune: 3, leopard: 0 }, mine: [] }],
  [['favorites', GAME, 'dough'], { counts: { dough: 1 }, mine: ['dough'] }],
  [['favorites', 'other-game', 'kitsune'], { counts: { kitsune: 9 }, mine: [] }],
]

let client: QueryClient
const screen = (i: number) => client.getQueryData<FavoriteCountsResponse>(SCREENS[i]![0])

/**
 * A server whose answer the test gives when it chooses: `requested` resolves once the browser has sent
 * the toggle (by then the optimistic update is on screen), `reply` answers it.
 */
function server() {
  let reply: (res: Response) => void = () => {}
  let requested: (request: { url: string; method: string }) => void = () => {}
  const request = new Promise<{ url: string; method: string }>((resolve) => {
    requested = resolve
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          reply = resolve
          requested({ url, method: init.method ?? 'GET' })
        }),
    ),
  )
  return { request, reply: (status: number, body: unknown) => reply(Response.json(body, { status })) }
}

/** Clicks the heart of `item`: runs the real mutation in this test's cache. */
function toggle(item: string, favorite: boolean) {
  return new MutationObserver(client, favoriteToggleMutation(GAME, item)).mutate({ favorite })
}

beforeEach(() => {
  client = new QueryClient()
  for (const [key, data] of SCREENS) client.setQueryData(key, data)
})
afterEach(() => {
  client.clear()
  vi.unstubAllGlobals()
  vi.mocked(toast.error).mockClear()
})

describe('favorite toggle: optimistic update', () => {
  it('changes the heart and count on every screen showing the item at once, then takes the server count', async () => {
    const api = server()
    const done = toggle('kitsune', true)
    expect(await api.request).toEqual({ url: '/api/favorites/blox-fruits/kitsune', method: 'PUT' })

    // Before the server answers: the guess, on both screens with kitsune, nowhere else.
    expect(screen(0)).toEqual({ counts: { dough: 1, kitsune: 4 }, mine: ['dough', 'kitsune'] })
    expect(screen(1)).toEqual({ counts: { kitsune: 4, leopard: 0 }, mine: ['kitsune'] })
    expect(screen(2)).toEqual(SCREENS[2]![1])
    expect(screen(3)).toEqual(SCREENS[3]![1])

    // Others favorited it meanwhile: the server's exact count replaces the guess.
    api.reply(200, { favorited: true, count: 7 })
    await done
    expect(screen(0)).toEqual({ counts: { dough: 1, kitsune: 7 }, mine: ['dough', 'kitsune'] })
    expect(screen(1)).toEqual({ counts: { kitsune: 7, leopard: 0 }, mine: ['kitsune'] })
    expect(screen(3)).toEqual(SCREENS[3]![1])
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('unfavoriting takes one off, never below zero', async () => {
    client.setQueryData(SCREENS[0]![0], { counts: { dough: 0, kitsune: 3 }, mine: ['dough'] })
    const api = server()
    const done = toggle('dough', false)
    expect((await api.request).method).toBe('DELETE')
    expect(screen(0)).toEqual({ counts: { dough: 0, kitsune: 3 }, mine: [] })
    expect(screen(2)).toEqual({ counts: { dough: 0 }, mine: [] })
    api.reply(200, { favorited: false, count: 0 })
    await done
  })

  it('when the server refuses, puts back only that item, on every screen, and says so', async () => {
    const api = server()
    const done = toggle('kitsune', true)
    await api.request
    // Meanwhile another item's count changes on a screen: the rollback must keep that.
    client.setQueryData<FavoriteCountsResponse>(SCREENS[1]![0], (old) => ({
      counts: { ...old!.counts, leopard: 5 },
      mine: old!.mine,
    }))

    api.reply(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } })
    await expect(done).rejects.toMatchObject({ status: 500 })
    expect(screen(0)).toEqual(SCREENS[0]![1])
    expect(screen(1)).toEqual({ counts: { kitsune: 3, leopard: 5 }, mine: [] })
    expect(toast.error).toHaveBeenCalledWith('Error', {
      description: 'Failed to favorite this item. Please try again.',
    })
  })

  it('a refused unfavorite shows the permission message and gives the heart back', async () => {
    const api = server()
    const done = toggle('dough', false)
    await api.request
    expect(screen(2)).toEqual({ counts: { dough: 0 }, mine: [] })
    api.reply(403, { error: { code: 'FORBIDDEN', message: 'Forbidden' } })
    await expect(done).rejects.toMatchObject({ status: 403 })
    expect(screen(0)).toEqual(SCREENS[0]![1])
    expect(screen(2)).toEqual(SCREENS[2]![1])
    expect(toast.error).toHaveBeenCalledWith('Permission Error', {
      description: 'You cannot unfavorite this item. Please try again.',
    })
  })

  it('a lost session puts the heart back and asks who is signed in again, without an error toast', async () => {
    client.setQueryData(['me'], { user: { id: 'u1' } })
    const api = server()
    const done = toggle('kitsune', true)
    await api.request
    api.reply(401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } })
    await expect(done).rejects.toMatchObject({ status: 401 })
    expect(screen(1)).toEqual(SCREENS[1]![1])
    expect(client.getQueryState(['me'])?.isInvalidated).toBe(true)
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('a heart that already shows the wish is left as it is, and not "put back" on failure', async () => {
    const api = server()
    const done = toggle('dough', true) // already mine
    await api.request
    expect(screen(0)).toEqual(SCREENS[0]![1])
    api.reply(500, {})
    await expect(done).rejects.toMatchObject({ status: 500 })
    expect(screen(0)).toEqual(SCREENS[0]![1])
    expect(screen(2)).toEqual(SCREENS[2]![1])
  })
})
