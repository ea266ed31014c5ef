import { readdirSync } from 'node:fs'
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
