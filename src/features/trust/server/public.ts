/** What other features may use of the trust layer (lint refuses any other import of its files). */
export { assertNotBlocked, blockedUsernames } from './blocks'
export { ratingsOf, summaryOf } from './ratings'
