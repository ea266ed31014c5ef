/** The notification centre's contract: the list, the unread count and marking read. */
import { z } from 'zod'
import { intParam } from '@/features/catalog/contract'
import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS } from './rules'

export * from './rules'

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  game: z.string().nullable(),
  item: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  /** A page of the site: the stock page or the item page. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
})
export type Notification = z.infer<typeof notificationSchema>

export const notificationsQuerySchema = z.strictObject({ page: intParam('page', 1, 10_000, 1) })

/** GET /api/notifications?page= — newest first. */
export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  unread: z.number().int(),
})
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>

/** POST /api/notifications/read — these, or all when `ids` is absent. */
export const readNotificationsRequestSchema = z.strictObject({
  ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1)
    .max(NOTIFICATION_LIMITS.maxReadIds)
    .optional(),
})

export const unreadCountResponseSchema = z.object({ unread: z.number().int() })
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>
