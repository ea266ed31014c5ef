import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '@/platform/server/lib/paths'
import { PAGES } from '@/shared/pages'
import { FEATURES } from './features'

const featureDirs = readdirSync(path.join(projectRoot, 'src/features'))
const webManifests = import.meta.glob<{ name: string; pages?: Record<string, unknown> }>(
  '../../features/*/web/manifest.ts',
  { eager: true, import: 'default' },
)
const pageLists = import.meta.glob<readonly { path: string }[]>('../../features/*/pages.ts', {
  eager: true,
  import: 'PAGES',
})
const featureOf = (file: string) => file.split('/')[3]

describe('feature manifests', () => {
  it('every server manifest is found, named after its folder, and every page head is a page of its own feature', () => {
    const withServer = featureDirs.filter((dir) =>
      readdirSync(path.join(projectRoot, 'src/features', dir)).includes('server'),
    )
    expect(FEATURES.map((f) => f.name).sort()).toEqual(withServer.sort())
    for (const feature of FEATURES) {
      const own = (pageLists[`../../features/${feature.name}/pages.ts`] ?? []).map((p) => p.path)
      for (const head of Object.keys(feature.pageHeads ?? {}))
        expect(own, `${feature.name}: ${head}`).toContain(head)
    }
  })

  it('every page has exactly one route, in the web manifest of the feature whose pages.ts lists it', () => {
    for (const [file, manifest] of Object.entries(webManifests)) {
      expect(manifest.name).toBe(featureOf(file))
      const own = (pageLists[`../../features/${manifest.name}/pages.ts`] ?? []).map((p) => p.path)
      expect(Object.keys(manifest.pages ?? {}).sort()).toEqual([...own].sort())
    }
    const routed = Object.values(webManifests).flatMap((m) => Object.keys(m.pages ?? {}))
    expect(routed.sort()).toEqual(PAGES.map((p) => p.path).sort())
  })

  it('every route that takes more than 64 KB says so in its manifest, with a message', () => {
    const limits = FEATURES.flatMap((f) => f.bodyLimits ?? [])
    expect(limits.map((l) => `${l.method} ${l.path}`).sort()).toEqual([
      'PATCH /api/admin/guides/:slug',
      'POST /api/admin/guides',
      'POST /api/admin/guides/preview',
      'POST /api/admin/items/:game/:item/image',
      'POST /api/admin/items/:game/bulk',
      'POST /api/disputes/:id/evidence',
      'POST /api/profile/avatar',
    ])
    for (const limit of limits) expect(limit.message.length).toBeGreaterThan(10)
  })
})
