import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Watch, WatchlistResponse } from '@/features/alerts/contract'
import { ALERT_MESSAGES } from '@/features/alerts/rules'
import { toast } from '@/platform/web/lib/toast'
import { answerWhenTold } from '@/test/fetch'
import { alertKeys, watchChangeMutation, watchToggleMutation } from './api'

vi.mock('@/platform/web/lib/toast', () => ({ toast: { error: vi.fn() } }))

const BEANSTALK = {
  game: 'grow-a-garden',
  item: 'beanstalk',
  name: 'Beanstalk',
  category: 'seed',
  rarity: 'Divine',
}
const carrot: Watch = {
  game: 'grow-a-garden',
  item: 'carrot',
  name: 'Carrot',
  category: 'seed',
  rarity: 'Common',
  restock: true,
  value: true,
  email: true,
  discord: true,
  createdAt: '2026-01-01T00:00:00.000Z',
}
const serverBeanstalk: Watch = {
  ...BEANSTALK,
  game: 'grow-a-garden',
  restock: true,
  value: true,
  email: false,
  discord: true,
  createdAt: '2026-02-02T00:00:00.000Z',
}

let client: QueryClient
const list = () => client.getQueryData<WatchlistResponse>(alertKeys.watchlist)
const items = () => list()?.watches.map((w) => w.item)

const server = answerWhenTold

const watchOf = (watch: boolean) =>
  new MutationObserver(client, watchToggleMutation(BEANSTALK, { restock: true, value: true })).mutate({
    watch,
  })

beforeEach(() => {
  client = new QueryClient()
  client.setQueryData(alertKeys.watchlist, { watches: [carrot] })
})
afterEach(() => {
  client.clear()
  vi.unstubAllGlobals()
  vi.mocked(toast.error).mockClear()
})

describe('watch toggle: optimistic', () => {
  it('shows the watch at once, sends restocks and value changes, then takes the server watch', async () => {
    const api = server()
    const done = watchOf(true)
    expect(await api.request).toEqual({
      url: '/api/watchlist/grow-a-garden/beanstalk',
      method: 'PUT',
      body: { restock: true, value: true },
    })
    expect(items()).toEqual(['beanstalk', 'carrot'])
    api.reply(200, { watch: serverBeanstalk })
    await done
    expect(list()?.watches[0]).toEqual(serverBeanstalk)
    expect(list()?.watches[1]).toEqual(carrot)
  })

  it('refused (the limit), takes the watch away again and shows the server message', async () => {
    const api = server()
    const done = watchOf(true)
    await api.request
    api.reply(409, { error: { code: 'CONFLICT', message: ALERT_MESSAGES.tooManyWatches } })
    await expect(done).rejects.toMatchObject({ status: 409 })
    expect(items()).toEqual(['carrot'])
    expect(toast.error).toHaveBeenCalledWith('Error', { description: ALERT_MESSAGES.tooManyWatches })
  })

  it('unwatching removes it at once with DELETE; a failure gives back the very watch it was', async () => {
    client.setQueryData(alertKeys.watchlist, { watches: [serverBeanstalk, carrot] })
    const api = server()
    const done = watchOf(false)
    expect(await api.request).toMatchObject({ method: 'DELETE', body: undefined })
    expect(items()).toEqual(['carrot'])
    api.reply(500, {})
    await expect(done).rejects.toMatchObject({ status: 500 })
    expect(list()?.watches.find((w) => w.item === 'beanstalk')).toEqual(serverBeanstalk)
    expect(toast.error).toHaveBeenCalledWith('Error', {
      description: 'Failed to stop watching Beanstalk. Please try again.',
    })
  })

  it('a lost session takes the guess back and asks who is signed in, without an error toast', async () => {
    client.setQueryData(['me'], { user: { id: 'u1' } })
    const api = server()
    const done = watchOf(true)
    await api.request
    api.reply(401, { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } })
    await expect(done).rejects.toMatchObject({ status: 401 })
    expect(items()).toEqual(['carrot'])
    expect(client.getQueryState(['me'])?.isInvalidated).toBe(true)
    expect(toast.error).not.toHaveBeenCalled()
  })
})

describe('changing a watch', () => {
  it('sends only the change; switching off the last kind removes the watch when the server says so', async () => {
    const api = server()
    const done = new MutationObserver(client, watchChangeMutation('grow-a-garden', 'carrot')).mutate({
      restock: false,
    })
    expect(await api.request).toMatchObject({ method: 'PUT', body: { restock: false } })
    expect(list()?.watches[0]?.restock).toBe(false)
    api.reply(200, { watch: null })
    await done
    expect(items()).toEqual([])
  })
})
