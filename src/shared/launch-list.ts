import { z } from 'zod'
import { EMAIL_MAX_LENGTH } from './launch-list-rules'

export const launchEmailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .max(EMAIL_MAX_LENGTH, 'That e-mail address is too long')
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address'))

export const subscribeRequestSchema = z.strictObject({ email: launchEmailSchema })
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>

/** A verification or unsubscribe token: 32 random bytes, base64url (43 characters). */
export const launchTokenSchema = z
  .string({ error: 'A token is required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Malformed token')

export const tokenRequestSchema = z.strictObject({ token: launchTokenSchema })

export const subscribeResponseSchema = z.object({
  state: z.enum(['verification_sent', 'verified']),
  email: z.string(),
})
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>

export const verifyResponseSchema = z.object({ email: z.string() })
export type VerifyResponse = z.infer<typeof verifyResponseSchema>
export const unsubscribeResponseSchema = z.object({ email: z.string() })
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>
