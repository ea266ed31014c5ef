import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import type { MeResponse, Profile, ProfileUpdate, PublicProfileResponse } from '@/features/accounts/contract'
import {
  displayNameTakenMessage,
  isOfferedSocialKey,
  SOCIAL_KEYS,
  type SocialLinks,
  USERNAME_MAX,
  USERNAME_MESSAGES,
  usernameProblem,
} from '@/features/accounts/rules'
import { profiles } from '@/features/accounts/tables'
import type { CatalogDeps } from '@/features/catalog/server/public'
import { isVerifiedSubscriber } from '@/features/launch-list/server/public'
import { robloxAccountOf } from '@/features/verification/server/public'
import { permissionsOf } from '@/platform/server/auth/roles'
import type { Session } from '@/platform/server/auth/session'
import { users } from '@/platform/server/auth/tables'
import type { Db } from '@/platform/server/db/client'
import type { Env } from '@/platform/server/env'
import { callHook } from '@/platform/server/hooks'
import { AppError } from '@/platform/server/lib/errors'
import { isPlaceholderEmail, realEmail } from '@/shared/no-email'
import { publicProfileParts } from './hooks'
import { assertNameMayPass, hasStaffWord, isKeptForAnother } from './kept-names'
import { nameSkeleton } from './name-skeleton'

const AVATAR_URL_PREFIX = '/uploads/avatars/'

type ProfileRow = typeof profiles.$inferSelect
interface Owner {
  email: string
  emailVerified: boolean
  createdAt: Date
}

/**
 * The display name when none is set: the part of the e-mail before the at-sign (docs/product.md §6); an
 * account without an e-mail (its placeholder is never shown) is a Trader until it has a username.
 */
const fallbackDisplayName = (email: string) =>
  isPlaceholderEmail(email) ? 'Trader' : (email.split('@')[0] ?? email)

/** OG members: the account's verified e-mail is a verified launch-list subscriber. */
const hasOgBadge = async (db: Db, owner: Owner) =>
  owner.emailVerified && (await isVerifiedSubscriber(db, owner.email))

/** `fallbackName`: the display name shown when none is set. */
async function present(
  db: Db,
  userId: string,
  row: ProfileRow | undefined,
  owner: Owner,
  fallbackName: string,
): Promise<Profile> {
  const [ogBadge, roblox] = await Promise.all([hasOgBadge(db, owner), robloxAccountOf(db, userId)])
  return {
    username: row?.username ?? null,
    displayName: row?.displayName ?? fallbackName,
    bio: row?.bio ?? '',
    avatarUrl: row?.avatarFile ? `${AVATAR_URL_PREFIX}${row.avatarFile}` : null,
    socialLinks: row?.socialLinks ?? {},
    ogBadge,
    joinedAt: owner.createdAt.toISOString(),
    roblox,
  }
}

async function profileRow(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId))
  return row
}

/** The signed-in user's own profile (created empty if it is missing: a read, not a write, on every visit). */
export async function getOwnProfile(db: Db, user: Session['user']): Promise<Profile> {
  let row = await profileRow(db, user.id)
  if (!row) {
    await db.insert(profiles).values({ userId: user.id }).onConflictDoNothing()
    row = await profileRow(db, user.id)
  }
  // Once a username is set it is the public name too, so the e-mail's local part is never shown for it.
  return present(db, user.id, row, user, row?.username ?? fallbackDisplayName(user.email))
}

const isUniqueViolation = (error: unknown, constraint: string) => {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? error
  const e = cause as { code?: string; constraint?: string }
  return e?.code === '23505' && (e.constraint === undefined || e.constraint === constraint)
}

/**
 * Sets the username once: 409 `Username already taken` or `Username cannot be changed once set`; a name
 * that passes for the site's team is refused (kept-names.ts).
 */
export async function setUsername(
  env: Env,
  db: Db,
  user: Session['user'],
  username: string,
): Promise<Profile> {
  if ((await profileRow(db, user.id))?.username) throw new AppError('CONFLICT', USERNAME_MESSAGES.permanent)
  await assertNameMayPass(env, db, user, 'username', username)
  try {
    await db.transaction(async (tx) => {
      await tx.insert(profiles).values({ userId: user.id }).onConflictDoNothing()
      const [current] = await tx
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.userId, user.id))
        .for('update')
      if (current?.username) throw new AppError('CONFLICT', USERNAME_MESSAGES.permanent)
      await tx
        .update(profiles)
        .set({ username, usernameSkeleton: nameSkeleton(username), updatedAt: new Date() })
        .where(eq(profiles.userId, user.id))
    })
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_unique')) {
      throw new AppError('CONFLICT', USERNAME_MESSAGES.taken, {
        fields: { username: USERNAME_MESSAGES.taken },
      })
    }
    throw error
  }
  return getOwnProfile(db, user)
}

/** The unique indexes that make a display name taken: the same in lower case, or looking the same. */
const DISPLAY_NAME_KEYS = ['profiles_display_name_lower_key', 'profiles_display_name_skeleton_key']

/**
 * The stored links of kinds no longer offered (GitHub) that an update of the links does not name: kept,
 * since the settings no longer show them to send back. Named with '' they are removed.
 */
async function keptSocialLinks(db: Db, userId: string, sent: SocialLinks): Promise<SocialLinks> {
  const retired = SOCIAL_KEYS.filter((key) => !isOfferedSocialKey(key) && sent[key] === undefined)
  if (retired.length === 0) return {}
  const stored = (await profileRow(db, userId))?.socialLinks ?? {}
  return Object.fromEntries(retired.flatMap((key) => (stored[key] ? [[key, stored[key]]] : [])))
}

/**
 * Changes the fields given. A display name another user has, in any case or in look-alike letters
 * ('p_bоb' with a Cyrillic о for 'P_BOB'), is a 409 with the spec's message; a new one that passes for
 * the site's team is refused (kept-names.ts), while one kept from before the rule may be sent again.
 */
export async function updateProfile(
  env: Env,
  db: Db,
  user: Session['user'],
  update: ProfileUpdate,
): Promise<Profile> {
  const { displayName, bio, socialLinks } = update
  const links = socialLinks && {
    ...(await keptSocialLinks(db, user.id, socialLinks)),
    ...Object.fromEntries(Object.entries(socialLinks).filter(([, v]) => v)),
  }
  const skeleton = displayName === undefined ? undefined : nameSkeleton(displayName)
  const taken = () => {
    const message = displayNameTakenMessage(displayName!)
    return new AppError('CONFLICT', message, { fields: { displayName: message } })
  }
  // Another trader's username is their name too (it is shown when they set no display name).
  if (displayName !== undefined) {
    const [other] = await db
      .select({ one: sql`1` })
      .from(profiles)
      .where(
        and(
          or(
            sql`lower(${profiles.username}) = lower(${displayName})`,
            eq(profiles.usernameSkeleton, skeleton!),
          ),
          ne(profiles.userId, user.id),
        ),
      )
    if (other) throw taken()
    if (displayName !== (await profileRow(db, user.id))?.displayName)
      await assertNameMayPass(env, db, user, 'displayName', displayName)
  }
  try {
    await db.insert(profiles).values({ userId: user.id }).onConflictDoNothing()
    await db
      .update(profiles)
      .set({
        ...(displayName !== undefined && { displayName, displayNameSkeleton: skeleton }),
        ...(bio !== undefined && { bio }),
        ...(links !== undefined && { socialLinks: links }),
        updatedAt: new Date(),
      })
      .where(eq(profiles.userId, user.id))
  } catch (error) {
    if (displayName !== undefined && DISPLAY_NAME_KEYS.some((key) => isUniqueViolation(error, key)))
      throw taken()
    throw error
  }
  if (displayName !== undefined)
    await db.update(users).set({ name: displayName }).where(eq(users.id, user.id))
  return getOwnProfile(db, user)
}

/**
 * Fills in how names look for profiles stored before it was kept (run on start; rows written since have
 * it). Two display names that already looked alike both stay: the later one to be filled keeps none, so
 * it blocks nobody, and is counted.
 */
export async function fillNameSkeletons(db: Db): Promise<{ filled: number; lookAlikes: number }> {
  const rows = await db
    .select({
      userId: profiles.userId,
      username: profiles.username,
      displayName: profiles.displayName,
      usernameSkeleton: profiles.usernameSkeleton,
      displayNameSkeleton: profiles.displayNameSkeleton,
    })
    .from(profiles)
    .where(
      or(
        and(isNotNull(profiles.username), isNull(profiles.usernameSkeleton)),
        and(isNotNull(profiles.displayName), isNull(profiles.displayNameSkeleton)),
      ),
    )
  let filled = 0
  let lookAlikes = 0
  for (const row of rows) {
    if (row.username !== null && row.usernameSkeleton === null) {
      await db
        .update(profiles)
        .set({ usernameSkeleton: nameSkeleton(row.username) })
        .where(and(eq(profiles.userId, row.userId), eq(profiles.username, row.username)))
    }
    if (row.displayName !== null && row.displayNameSkeleton === null) {
      try {
        // Only for the name it was worked out from (the owner may have renamed meanwhile).
        await db
          .update(profiles)
          .set({ displayNameSkeleton: nameSkeleton(row.displayName) })
          .where(and(eq(profiles.userId, row.userId), eq(profiles.displayName, row.displayName)))
      } catch (error) {
        if (!isUniqueViolation(error, 'profiles_display_name_skeleton_key')) throw error
        lookAlikes++
        continue
      }
    }
    filled++
  }
  return { filled, lookAlikes }
}

/** Records a new avatar file and returns the previous one (to be deleted). */
export async function replaceAvatar(db: Db, userId: string, file: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.insert(profiles).values({ userId }).onConflictDoNothing()
    const [row] = await tx
      .select({ avatarFile: profiles.avatarFile })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for('update')
    await tx
      .update(profiles)
      .set({ avatarFile: file, updatedAt: new Date() })
      .where(eq(profiles.userId, userId))
    return row?.avatarFile ?? null
  })
}

/**
 * A profile by username, for /u/{username}; 404 when nobody has it. Without a display name it shows the
 * username: the e-mail's local part (the owner's own fallback) would give away part of the address.
 */
export async function findPublicProfile(db: Db, username: string) {
  // Not a username at all (malformed or reserved): nobody has it.
  if (usernameProblem(username)) throw new AppError('NOT_FOUND', 'No trader has this username')
  const [row] = await db
    .select({
      profile: profiles,
      user: { email: users.email, emailVerified: users.emailVerified, createdAt: users.createdAt },
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.username, username))
  if (!row) throw new AppError('NOT_FOUND', 'No trader has this username')
  return {
    userId: row.profile.userId,
    profile: await present(db, row.profile.userId, row.profile, row.user, username),
  }
}

/** GET /api/me: the signed-in user with profile and roles, or null for a visitor. */
export async function getMe(env: Env, db: Db, user: Session['user'] | null): Promise<MeResponse> {
  if (!user) return { user: null }
  const permissions = await permissionsOf(env, db, user)
  return {
    user: {
      id: user.id,
      email: realEmail(user.email),
      emailVerified: user.emailVerified,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      isAdmin: permissions.isAdmin,
      isModerator: permissions.isModerator,
      isGuideEditor: permissions.isGuideEditor,
      isMiddleman: permissions.isMiddleman,
      stockManagerGames: permissions.stockManagerGames,
      valueEditorGames: permissions.valueEditorGames,
      profile: await getOwnProfile(db, user),
    },
  }
}

/** GET /api/users/:username: the public profile with what features above add (its favorites), one answer for the page. */
export async function getPublicProfile(
  catalog: CatalogDeps,
  username: string,
): Promise<PublicProfileResponse> {
  const { userId, profile } = await findPublicProfile(catalog.db, username)
  const parts = await callHook(publicProfileParts, catalog, userId)
  return Object.assign({ profile, favorites: [] }, ...parts)
}

/** A new account's profile row, empty until the trader chooses a username. */
export async function createProfileRow(db: Db, userId: string): Promise<void> {
  await db.insert(profiles).values({ userId }).onConflictDoNothing()
}

/**
 * The usernames an account made by Roblox's sign-in may get, best first (docs/decisions/046): its Roblox
 * username in lower case (Roblox's letters, digits and underscore are the site's too), then the same with
 * the end of its Roblox id, then `roblox_<id>`. Those the username rules refuse are left out.
 */
export function usernamesFromRoblox(robloxUsername: string, robloxId: number): string[] {
  const base = robloxUsername
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '')
    .slice(0, USERNAME_MAX)
  const id = String(robloxId)
  const candidates = [
    base,
    `${base.slice(0, USERNAME_MAX - 5)}_${id.slice(-4)}`,
    `roblox_${id}`.slice(0, USERNAME_MAX),
  ]
  return [...new Set(candidates)].filter((name) => usernameProblem(name) === null)
}

/**
 * Gives an account made by Roblox's sign-in its username: the first of `usernamesFromRoblox` that no
 * trader has and that does not pass for the site's team (a staff word, a middleman's name kept for
 * another account: the rules of a username typed by hand). None free: the account has none, and the
 * trader is asked to choose one as after any other sign-up. Returns the username given, or null.
 */
export async function nameFromRoblox(
  db: Db,
  userId: string,
  robloxUsername: string,
  robloxId: number,
): Promise<string | null> {
  await db.insert(profiles).values({ userId }).onConflictDoNothing()
  if ((await profileRow(db, userId))?.username) return null
  for (const username of usernamesFromRoblox(robloxUsername, robloxId)) {
    if (hasStaffWord(username) || (await isKeptForAnother(db, username, userId))) continue
    try {
      const named = await db
        .update(profiles)
        .set({ username, usernameSkeleton: nameSkeleton(username), updatedAt: new Date() })
        .where(and(eq(profiles.userId, userId), isNull(profiles.username)))
        .returning({ username: profiles.username })
      return named[0]?.username ?? null
    } catch (error) {
      if (isUniqueViolation(error, 'profiles_username_unique')) continue
      throw error
    }
  }
  return null
}
