/** What other features may use of the achievements (lint refuses any other import of its files). */
export { type AwardDeps, awardAchievements } from './award'
export { achievementsOf, badgesOf } from './service'
