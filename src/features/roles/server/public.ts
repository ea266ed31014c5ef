/** What other features may use of roles (lint refuses any other import of its files). */
/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { userRoles, userSuspensions } from '../tables'
export { roleRevoked } from './hooks'
export { staffAmong } from './staff'
export { inGoodStanding, requireGoodStanding } from './standing'
