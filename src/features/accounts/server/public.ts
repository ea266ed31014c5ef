/** What other features may use of the accounts (lint refuses any other import of its files). */

export { assertNotBlocked, blockedUsernames, userIdOf } from './blocks'
export { publicProfileParts } from './hooks'
export { findPublicProfile } from './service'
