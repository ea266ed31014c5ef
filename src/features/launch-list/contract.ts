import { z } from 'zod'
import { text } from '@/shared/text'
import { intParam } from '../catalog/contract'
import { EMAIL_MAX_LENGTH, SUBSCRIBER_STATUSES } from './rules'

export const launchEmailSchema = text('E-mail address', {
  max: EMAIL_MAX_LENGTH,
  messages: {
    required: 'Enter your e-mail address',
    notText: 'Enter your e-mail address',
    tooLong: 'That e-mail address is too long',
  },
})
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address'))

export const subscribeRequestSchema = z.strictObject({ email: launchEmailSchema })
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>

/** A verification or unsubscribe token: 32 random bytes, base64url (43 characters). */
export const launchTokenSchema = text('Token', {
  max: 64,
  trim: false,
  messages: { required: 'A token is required', notText: 'A token is required', tooLong: 'Malformed token' },
}).regex(/^[A-Za-z0-9_-]{43}$/, 'Malformed token')

export const tokenRequestSchema = z.strictObject({ token: launchTokenSchema })

export const subscribeResponseSchema = z.object({
  state: z.enum(['verification_sent', 'verified']),
  email: z.string(),
})
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>

/**
 * POST /api/launch-list/resend: the same answer whatever the address (unknown, pending or verified), so
 * it tells nobody who signed up; only a pending sign-up gets a new mail.
 */
export const resendResponseSchema = z.object({ state: z.literal('verification_sent'), email: z.string() })
export type ResendResponse = z.infer<typeof resendResponseSchema>

export const verifyResponseSchema = z.object({ email: z.string() })
export type VerifyResponse = z.infer<typeof verifyResponseSchema>
export const unsubscribeResponseSchema = z.object({ email: z.string() })
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>

export const SUBSCRIBERS_PAGE_SIZE = 50

/** GET /api/admin/launch-list */
export const subscriberListQuerySchema = z.strictObject({
  status: z.enum(SUBSCRIBER_STATUSES, `status must be one of ${SUBSCRIBER_STATUSES.join(', ')}`).optional(),
  page: intParam('page', 1, 100_000, 1),
})

export interface SubscriberListResponse {
  counts: Record<(typeof SUBSCRIBER_STATUSES)[number], number>
  subscribers: {
    email: string
    status: (typeof SUBSCRIBER_STATUSES)[number]
    createdAt: string
    verifiedAt: string | null
  }[]
  page: number
  pageSize: number
}
