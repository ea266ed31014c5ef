import { DISPLAY_NAME_MESSAGES, USERNAME_MESSAGES } from '@/features/accounts/rules'
import { permissionsOf } from '@/platform/server/auth/roles'
import type { Session } from '@/platform/server/auth/session'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { callHook } from '@/platform/server/hooks'
import { AppError } from '@/platform/server/lib/errors'
import { keptNames } from './hooks'
import { looksAlike, nameKeys } from './name-skeleton'

/**
 * The words, by every key a name might meet them by (the upper case too: 'MlDDLEMAN' with a small l reads
 * as 'MIDDLEMAN'); 'middleman' and 'TradeHub' are read across spaces and signs too ('Trade Hub',
 * 'middle-man'), 'staff' is not ('Best Affair').
 */
const STAFF_WORDS = [
  { word: 'middleman', acrossSigns: true },
  { word: 'tradehub', acrossSigns: true },
  { word: 'staff', acrossSigns: false },
].map(({ word, acrossSigns }) => ({
  keys: [...nameKeys(word), ...nameKeys(word.toUpperCase())],
  acrossSigns,
}))

/**
 * Whether a name holds "middleman", "TradeHub" or "staff" anywhere, however written: any case,
 * look-alike letters ('Midd1eman', a Cyrillic Ѕ, fullwidth letters). Such a name passes for the site's
 * team (docs/product.md §6).
 */
export function hasStaffWord(name: string): boolean {
  return nameKeys(name).some((key) => {
    const letters = key.replace(/[^\p{L}\p{N}]+/gu, '')
    return STAFF_WORDS.some((w) => w.keys.some((word) => (w.acrossSigns ? letters : key).includes(word)))
  })
}

/** Staff: anyone with a role of docs/product.md §2, or the primary admin. */
async function isStaff(env: Env, db: Db, user: Session['user']): Promise<boolean> {
  const permissions = await permissionsOf(env, db, user)
  return permissions.isAdmin || permissions.roles.length > 0
}

/** Whether the name is, or looks like, one kept for another account (a middleman's names). */
export async function isKeptForAnother(db: Db, name: string, userId: string): Promise<boolean> {
  const kept = (await callHook(keptNames, db)).flat()
  return kept.some((k) => k.userId !== userId && looksAlike(k.name, name))
}

const MESSAGES = { username: USERNAME_MESSAGES, displayName: DISPLAY_NAME_MESSAGES }

/**
 * The rule of names that pass for the site's team, for a username or display name the user is choosing
 * (a name kept from before stays its owner's: callers check only a new one). "middleman", "TradeHub" or
 * "staff" from anyone without a role: 400. A name kept for another account, that is or looks like it
 * (an official middleman's username or Roblox name): 409.
 */
export async function assertNameMayPass(
  env: Env,
  db: Db,
  user: Session['user'],
  field: keyof typeof MESSAGES,
  name: string,
): Promise<void> {
  if (hasStaffWord(name) && !(await isStaff(env, db, user))) {
    const message = MESSAGES[field].staffWords
    throw new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } })
  }
  if (await isKeptForAnother(db, name, user.id)) {
    const message = MESSAGES[field].middlemanName
    throw new AppError('CONFLICT', message, { fields: { [field]: message } })
  }
}
