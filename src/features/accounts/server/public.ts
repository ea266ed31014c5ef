/** What other features may use of the accounts (lint refuses any other import of its files). */
export { findPublicProfile } from './service'
