import type { ServerFeature } from './context'
import { installHooks } from './hooks'

/**
 * Every server feature: each folder of src/features with a `server/manifest.ts`, found by the build
 * (no list to join). Features marked `startFirst` start first, the others by name; the runtime stops
 * them in reverse order. Their hooks are installed here, once.
 */
const manifests = import.meta.glob<ServerFeature>('../../features/*/server/manifest.ts', {
  eager: true,
  import: 'default',
})

export const FEATURES: readonly ServerFeature[] = Object.values(manifests).sort(
  (a, b) => Number(!!b.startFirst) - Number(!!a.startFirst) || a.name.localeCompare(b.name),
)

installHooks(FEATURES.flatMap((feature) => feature.hooks ?? []))
