/** What other features may use of verification (lint refuses any other import of its files). */

export { robloxAccountChanged } from './hooks'
export { robloxAccountOf, robloxAccountsOf } from './service'
