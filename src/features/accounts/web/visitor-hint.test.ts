// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { queryClient } from '@/platform/web/lib/query-client'
import { meQuery, takeVisitorHint } from './api'

afterEach(() => {
  queryClient.clear()
  document.head.innerHTML = ''
})

const addHint = () => {
  const meta = document.createElement('meta')
  meta.name = 'session'
  meta.content = 'none'
  document.head.append(meta)
}

describe('takeVisitorHint', () => {
  it('knows nobody is signed in from the page, without asking, and reads the hint once', () => {
    addHint()
    takeVisitorHint(document)
    expect(queryClient.getQueryData(meQuery.queryKey)).toEqual({ user: null })
    expect(queryClient.getQueryState(meQuery.queryKey)?.fetchStatus).toBe('idle')
    expect(document.querySelector('meta[name="session"]')).toBeNull()
    // A later sign-in asks the server: the hint is not read again.
    queryClient.clear()
    takeVisitorHint(document)
    expect(queryClient.getQueryData(meQuery.queryKey)).toBeUndefined()
  })

  it('leaves who is signed in to the server when the page has no hint (a session cookie came with it)', () => {
    takeVisitorHint(document)
    expect(queryClient.getQueryData(meQuery.queryKey)).toBeUndefined()
  })
})
