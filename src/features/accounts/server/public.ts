/** What other features may use of the accounts (lint refuses any other import of its files). */

/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { profiles, userBlocks } from '../tables'
export { assertNotBlocked, blockedUsernames, userIdOf } from './blocks'
export { keptNames, publicProfileParts } from './hooks'
export { looksAlike } from './name-skeleton'
export { findPublicProfile } from './service'
