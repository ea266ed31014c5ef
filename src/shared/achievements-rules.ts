/** The achievements' ids, free of zod (issue 27, docs/decisions/038-achievements.md). */

/** Every achievement: computed from the site's data, never granted by hand. The ids are a contract. */
export const ACHIEVEMENT_IDS = [
  'og-member',
  'verified',
  'first-trade',
  'trades-10',
  'trades-50',
  'trades-100',
  'five-star',
  'value-contributor',
  'stock-reporter',
  'early-adopter',
  'middleman',
] as const
export type AchievementId = (typeof ACHIEVEMENT_IDS)[number]
