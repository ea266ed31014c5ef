import { z } from 'zod'

/**
 * The parts of a Discord interaction the bot reads (docs/decisions/041): the rest of Discord's payload
 * passes through unread. Types: 1 PING, 2 APPLICATION_COMMAND, 4 APPLICATION_COMMAND_AUTOCOMPLETE.
 */
const optionSchema = z.object({
  name: z.string().max(32),
  type: z.number().int(),
  value: z.union([z.string().max(200), z.number(), z.boolean()]).optional(),
  focused: z.boolean().optional(),
})

export const interactionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(1) }),
  z.object({
    type: z.union([z.literal(2), z.literal(4)]),
    token: z.string().min(1).max(500),
    data: z.object({ name: z.string().max(32), options: z.array(optionSchema).max(25).default([]) }),
  }),
])
export type Interaction = z.infer<typeof interactionSchema>

/** Discord's interaction response types the bot answers with. */
export const RESPONSE = { pong: 1, message: 4, deferred: 5, autocomplete: 8 } as const

/** Message flag: only the user who ran the command sees the reply. */
export const EPHEMERAL = 64
