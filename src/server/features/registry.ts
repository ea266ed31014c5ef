import type { ServerFeature } from '@/server/context'
import { accountsFeature } from './accounts/feature'
import { achievementsFeature } from './achievements/feature'
import { adminFeature } from './admin/feature'
import { alertsFeature } from './alerts/feature'
import { catalogFeature } from './catalog/feature'
import { contactFeature } from './contact/feature'
import { discordFeature } from './discord/feature'
import { disputesFeature } from './disputes/feature'
import { favoritesFeature } from './favorites/feature'
import { guidesFeature } from './guides/feature'
import { landingFeature } from './landing/feature'
import { launchListFeature } from './launch-list/feature'
import { liveFeature } from './live/feature'
import { middlemenFeature } from './middlemen/feature'
import { previewsFeature } from './previews/feature'
import { publicApiFeature } from './public-api/feature'
import { rolesFeature } from './roles/feature'
import { stockFeature } from './stock/feature'
import { tradingFeature } from './trading/feature'
import { trustFeature } from './trust/feature'
import { valueOpsFeature } from './value-ops/feature'
import { verificationFeature } from './verification/feature'

/**
 * Every server feature, in start order: the app mounts their routes and page heads, the runtime starts
 * them after migrations and stops them in reverse order. A new feature is one folder and one line here.
 */
export const FEATURES: readonly ServerFeature[] = [
  catalogFeature,
  previewsFeature,
  favoritesFeature,
  accountsFeature,
  launchListFeature,
  landingFeature,
  rolesFeature,
  adminFeature,
  stockFeature,
  alertsFeature,
  valueOpsFeature,
  contactFeature,
  verificationFeature,
  tradingFeature,
  trustFeature,
  disputesFeature,
  guidesFeature,
  achievementsFeature,
  middlemenFeature,
  liveFeature,
  publicApiFeature,
  discordFeature,
]
