/** What other features may use of verification on the web (lint refuses any other import of its files). */

/** The Verified badge of a trader who proved their Roblox account (small: it ships with the pages that show it). */
export { VerifiedBadge } from './components/verified-badge'
