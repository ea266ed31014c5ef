/**
 * Accounts without an e-mail (docs/decisions/046-sign-in-with-roblox.md). Better Auth's user needs an
 * address, and Roblox gives none: an account made by Roblox's sign-in holds a placeholder under the
 * `.invalid` top-level domain, which by RFC 2606 and 6761 never resolves, so it can belong to nobody and
 * no mail can reach it. The site treats every such address as "no e-mail": it is never mailed (the outbox
 * skips it), never shown (the owner is invited to add an e-mail), and never accepted from a form.
 */

/** The domain of the placeholders. */
export const NO_EMAIL_DOMAIN = 'no-email.invalid'

/** The placeholder of the account a provider's user made (`roblox-123456@no-email.invalid`). */
export const placeholderEmail = (provider: string, subject: string) =>
  `${provider}-${subject}@${NO_EMAIL_DOMAIN}`.toLowerCase()

/** Whether an address is no address: any under `.invalid` (a placeholder, or one typed to pass for one). */
export const isPlaceholderEmail = (email: string) => /\.invalid\.?$/i.test(email.trim())

/** The address to show or use: null for a placeholder (an account without an e-mail). */
export const realEmail = (email: string): string | null => (isPlaceholderEmail(email) ? null : email)
