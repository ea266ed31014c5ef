/** What other features may use of verification (lint refuses any other import of its files). */

/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { robloxAccounts } from '../tables'
export { robloxAccountChanged } from './hooks'
export { robloxAccountOf, robloxAccountsOf } from './service'
