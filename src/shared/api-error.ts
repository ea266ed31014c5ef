import { z } from 'zod'

export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  /** An outside service the request needed (Discord, Roblox) failed: not the server's own failure. */
  'BAD_GATEWAY',
  'UNAVAILABLE',
  'INTERNAL',
] as const

export type ErrorCode = (typeof errorCodes)[number]

/** Every non-2xx JSON answer of the API has this shape. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
})

export type ApiErrorBody = z.infer<typeof apiErrorSchema>
