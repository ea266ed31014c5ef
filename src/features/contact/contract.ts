import { z } from 'zod'
import { text } from '@/shared/text'
import { intParam } from '../catalog/contract'
import { launchEmailSchema } from '../launch-list/contract'
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_STATUSES, CONTACT_TOPICS } from './rules'

export * from './rules'

/** POST /api/contact: a message to the team from anyone, signed in or not. */
export const contactRequestSchema = z.strictObject({
  topic: z.enum(CONTACT_TOPICS, 'Choose what your message is about'),
  message: text('Message', {
    min: CONTACT_MESSAGE_MIN,
    max: CONTACT_MESSAGE_MAX,
    messages: {
      required: 'Write your message',
      notText: 'Write your message',
      tooShort: `Write at least ${CONTACT_MESSAGE_MIN} characters`,
      tooLong: `Keep your message to ${CONTACT_MESSAGE_MAX} characters`,
    },
  }),
  email: launchEmailSchema,
})
export type ContactRequest = z.input<typeof contactRequestSchema>

/** The same answer for every sender and address. */
export const contactResponseSchema = z.object({ state: z.literal('received') })
export type ContactResponse = z.infer<typeof contactResponseSchema>

// --- Admin area -----------------------------------------------------------------------------------

export const contactListQuerySchema = z.strictObject({
  status: z.enum(CONTACT_STATUSES, `status must be one of ${CONTACT_STATUSES.join(', ')}`).optional(),
  page: intParam('page', 1, 100_000, 1),
})

export const contactIdParamSchema = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,15}$/, 'No contact message with this id')
    .transform(Number),
})

export const contactStatusRequestSchema = z.strictObject({
  status: z.enum(CONTACT_STATUSES, `status must be one of ${CONTACT_STATUSES.join(', ')}`),
})

export const adminContactMessageSchema = z.object({
  id: z.number(),
  topic: z.enum(CONTACT_TOPICS),
  message: z.string(),
  email: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminContactMessage = z.infer<typeof adminContactMessageSchema>

export const contactListResponseSchema = z.object({
  counts: z.record(z.enum(CONTACT_STATUSES), z.number()),
  messages: z.array(adminContactMessageSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
})
export type ContactListResponse = z.infer<typeof contactListResponseSchema>
