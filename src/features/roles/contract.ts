import { z } from 'zod'
import { text } from '@/shared/text'
import { USERNAME_MAX } from '../accounts/rules'
import { launchEmailSchema } from '../launch-list/contract'
import { ROLES } from './rules'

export * from './rules'

export const roleSchema = z.enum(ROLES, `role must be one of ${ROLES.join(', ')}`)

/**
 * POST /api/admin/roles: the user by e-mail (or, for stock managers, by username) and the role.
 * Exactly one of email and username.
 */
export const grantRoleRequestSchema = z
  .strictObject({
    email: launchEmailSchema.optional(),
    username: text('username', {
      min: 1,
      max: USERNAME_MAX,
      messages: { tooShort: 'Enter a username', tooLong: 'No trader has this username' },
    })
      .toLowerCase()
      .optional(),
    role: roleSchema,
  })
  .refine((v) => (v.email === undefined) !== (v.username === undefined), {
    message: 'Give the e-mail or the username of the user',
    path: ['email'],
  })
export type GrantRoleRequest = z.input<typeof grantRoleRequestSchema>

/** DELETE /api/admin/roles/:role/:userId */
export const roleParamsSchema = z.strictObject({
  role: roleSchema,
  userId: text('userId', { min: 1, max: 100 }),
})

export const roleGrantSchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  role: roleSchema,
  createdAt: z.string().nullable(),
  /** The e-mail of the admin who granted it (null: the primary admin, from ADMIN_EMAIL, or a removed user). */
  grantedBy: z.string().nullable(),
  /** The primary admin (ADMIN_EMAIL): always admin, never removable. */
  primary: z.boolean(),
})
export type RoleGrant = z.infer<typeof roleGrantSchema>

/** GET /api/admin/roles */
export const roleListResponseSchema = z.object({ grants: z.array(roleGrantSchema) })
export type RoleListResponse = z.infer<typeof roleListResponseSchema>
