import { eq } from 'drizzle-orm'
import type { Db } from '@/platform/server/db/client'
import { accounts, users } from './tables'

/** Better Auth's path of the sign-up with e-mail and password. */
export const SIGN_UP_PATH = '/sign-up/email'

/** The account a sign-up makes or finishes, as the steps after its user row need it. */
export interface SignedUpUser {
  id: string
  email: string
}

/**
 * An account whose sign-up never finished (an instance stopped between its user row and its password,
 * before sign-up was one transaction): its address not verified, and no way in (no password, no
 * provider). Nobody proved the address and nobody can sign in to it, so a password set by the next
 * sign-up takes nothing from anyone, and the verification mail still proves the address. A verified
 * account, or one with a password or a provider, is never changed by a sign-up.
 */
export const isUnfinishedAccount = (user: { emailVerified: boolean; hasSignInMethod: boolean }) =>
  !user.emailVerified && !user.hasSignInMethod

/** The unfinished account of an address (locked for this transaction with `lock`), or null. */
async function unfinishedAccountOf(db: Db, email: string, lock: boolean): Promise<SignedUpUser | null> {
  const query = db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email))
  const [user] = await (lock ? query.for('update') : query)
  if (!user) return null
  const [method] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.userId, user.id))
    .limit(1)
  return isUnfinishedAccount({ ...user, hasSignInMethod: method !== undefined }) ? user : null
}

/**
 * A sign-up for the address of an unfinished account finishes it, in one transaction: the password
 * (Better Auth's credential account) and `complete` (the profile row, the verification mail). Its user
 * row is locked, so two sign-ups at once finish it once. Nothing happens for any other address; Better
 * Auth then answers as usual (the same answer for a new address and a taken one).
 */
export async function finishUnfinishedSignUp(
  db: Db,
  input: { email: string; password: string },
  hashPassword: (password: string) => Promise<string>,
  complete: (tx: Db, user: SignedUpUser) => Promise<void>,
): Promise<void> {
  const email = input.email.toLowerCase()
  if (!(await unfinishedAccountOf(db, email, false))) return
  const hash = await hashPassword(input.password) // before the transaction: it takes a while
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    const user = await unfinishedAccountOf(tx, email, true)
    if (!user) return // finished (or verified) meanwhile
    const now = new Date()
    await tx.insert(accounts).values({
      id: crypto.randomUUID(),
      userId: user.id,
      accountId: user.id,
      providerId: 'credential',
      password: hash,
      createdAt: now,
      updatedAt: now,
    })
    await complete(tx, user)
  })
}
