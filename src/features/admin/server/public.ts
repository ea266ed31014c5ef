/** What other features may use of the admin tools (lint refuses any other import of its files). */
export { accountRestored, accountSuspended, overviewNotices } from './hooks'
export { afterSuspension, suspendUser, suspendWithin } from './service'
