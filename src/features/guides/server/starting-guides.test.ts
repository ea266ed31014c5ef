import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { guides } from '@/features/guides/tables'
import { createTestDatabase } from '@/test/database'
import { seedStartingGuides } from './service'
import { STARTING_GUIDES } from './starting-guides'

/** How many guides were rendered (markdown to HTML): the work a start should not repeat. */
const rendered = vi.hoisted(() => ({ count: 0 }))
vi.mock('./render', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./render')>()
  return {
    ...actual,
    renderGuide: (body: string) => {
      rendered.count++
      return actual.renderGuide(body)
    },
  }
})

describe('starting guides on start', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  it('a start with every guide as the site writes it renders none and writes none', async () => {
    rendered.count = 0
    expect(await seedStartingGuides(database.db)).toBe(STARTING_GUIDES.length)
    expect(rendered.count).toBe(STARTING_GUIDES.length)

    rendered.count = 0
    expect(await seedStartingGuides(database.db)).toBe(0)
    expect(rendered.count).toBe(0)
  })

  it('only a guide whose stored text is not the site’s is rendered again', async () => {
    const [first] = STARTING_GUIDES
    if (!first) throw new Error('no starting guide')
    await database.db.update(guides).set({ body: 'An earlier text.' }).where(eq(guides.slug, first.slug))
    rendered.count = 0
    expect(await seedStartingGuides(database.db)).toBe(1)
    expect(rendered.count).toBe(1)
    expect(await seedStartingGuides(database.db)).toBe(0)
  })
})
