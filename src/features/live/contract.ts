import { z } from 'zod'
import { STOCK_GAMES } from '@/shared/games'

/** GET /api/live — the tab's one event stream: a game's stock (optional) and, signed in, the bell. */
export const liveQuerySchema = z.strictObject({
  stock: z.enum(STOCK_GAMES, { error: 'stock must be grow-a-garden or blox-fruits' }).optional(),
})

/** The `notifications` event of /api/live: the signed-in user's unread count, now. */
export const notificationsEventSchema = z.object({ unread: z.number().int() })
export type NotificationsEvent = z.infer<typeof notificationsEventSchema>
