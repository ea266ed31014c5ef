import { ownValue } from '@/shared/lookup'

/** Better Auth error codes, in words a trader understands (the spec's words where it gave them, docs/product.md §18). */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Wrong e-mail or password.',
  EMAIL_NOT_VERIFIED: 'Verify your e-mail first: we sent you a new link.',
  INVALID_TOKEN: 'This link is invalid or has expired. Ask for a new one.',
  TOKEN_EXPIRED: 'This link has expired. Ask for a new one.',
  EXPIRED_TOKEN: 'This link has expired. Ask for a new one.',
  INVALID_CODE: 'That code is not right. Check your authenticator app and try again.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in took too long. Please sign in again.',
  INVALID_PASSWORD: 'Wrong password.',
  SESSION_NOT_FRESH: 'For your safety, sign out and sign in again, then change your e-mail address.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'This account has no password yet. Sign in with a link or a provider.',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'That account is already linked to another TradeHub user.',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'You cannot unlink your last way to sign in.',
  ACCOUNT_NOT_FOUND: 'That connection no longer exists.',
  account_not_linked:
    'This e-mail belongs to an account that is not linked to this provider. Sign in another way, then link it under Connections.',
  account_already_linked_to_different_user: 'That account is already linked to another TradeHub user.',
  email_does_not_match: 'That provider account uses a different e-mail address.',
  unable_to_link_account:
    'That provider did not confirm this e-mail address, so it cannot join your account. Sign in another way.',
  linking_disabled: 'Account linking requires a new sign-in. Sign in again, then link the account.',
  account_conflict: 'That account is already linked, or its e-mail is in use by another TradeHub account.',
  access_denied: 'You cancelled the sign-in.',
  state_mismatch: 'The sign-in took too long or was opened in another browser. Please try again.',
  please_restart_the_process: 'The sign-in took too long. Please try again.',
  // Sign in with Roblox (docs/decisions/046); the server sends its own words along (error_description).
  roblox_account_taken: 'This Roblox account is already verified by another TradeHub account',
  roblox_profile_invalid: 'Roblox did not say which Roblox account you are. Please try again.',
  INVALID_EMAIL: 'Enter an e-mail address that can receive mail',
}

/** Better Auth messages that come without a code. */
const BY_MESSAGE: Record<string, string> = {
  'Email is the same': 'That is already your e-mail address.',
}

/** The message of a Better Auth error code, or the server's own message. */
export function authMessage(code: string | undefined, fallback: string): string {
  return (code && ownValue(MESSAGES, code)) || ownValue(BY_MESSAGE, fallback) || fallback
}

/** Linking a provider that is already linked (docs/product.md §6). */
export const alreadyLinkedMessage = (provider: string) => `Your account is already linked with ${provider}.`
export const EMAIL_LINKING_REFUSED =
  'Email linking through this method is not supported. Please use the security tab.'
