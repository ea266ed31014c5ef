import { readdirSync } from 'node:fs'
import type { Locator } from '@playwright/test'
import type { PageInfo } from '../../src/shared/page-info'

/** Every page of the site: each feature's pages.ts, read as the build finds them (src/shared/pages.ts). */
export async function allPages(): Promise<PageInfo[]> {
  const dirs = readdirSync('src/features', { withFileTypes: true }).filter((d) =>
    readdirSync(`src/features/${d.name}`).includes('pages.ts'),
  )
  const lists = await Promise.all(
    dirs.map(async (d) => (await import(`../../src/features/${d.name}/pages.ts`)).PAGES as PageInfo[]),
  )
  return lists.flat()
}

/**
 * Scrolls until the end of `region` is at the bottom of the screen, as a trader scrolling down does:
 * the sections after it, which load only when they come near the screen (an item's stock, suggestions
 * and trade ads; a profile's open ads), then come.
 */
export async function scrollToEndOf(region: Locator) {
  await region.evaluate((element) => element.scrollIntoView({ block: 'end' }))
}
