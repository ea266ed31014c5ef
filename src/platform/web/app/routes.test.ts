import { describe, expect, it } from 'vitest'
import { PAGES } from '@/shared/pages'
import { routes, routesById } from './routes'

describe('routesById', () => {
  it('finds every page route by its path, and each id once', () => {
    const byId = routesById()
    for (const { path } of PAGES) expect(byId.get(path)?.lazy, path).toBeTypeOf('function')
    expect(byId.get('root')).toBe(routes[0])
    const ids: string[] = []
    const walk = (list: typeof routes) => {
      for (const route of list) {
        ids.push(route.id ?? '(none)')
        walk(route.children ?? [])
      }
    }
    walk(routes)
    expect(ids).not.toContain('(none)')
    expect(new Set(ids).size).toBe(ids.length)
    expect(byId.size).toBe(ids.length)
  })
})
