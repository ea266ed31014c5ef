import { validator } from 'hono/validator'
import type { z } from 'zod'
import { AppError } from './errors'

/** Turns zod issues into the API's 400: one readable message plus a message per field. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '(body)'
    fields[key] ??= issue.message
  }
  const [first] = error.issues
  const where = first?.path.length ? `${first.path.join('.')}: ` : ''
  return new AppError('VALIDATION_FAILED', `${where}${first?.message ?? 'Invalid input'}`, { fields })
}

function parseWith<T extends z.ZodType>(schema: T) {
  return (value: unknown): z.output<T> => {
    const result = schema.safeParse(value)
    if (!result.success) throw validationError(result.error)
    return result.data
  }
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i

/** A JSON body parsed by the shared schema. Malformed JSON or another content type: 400. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  const validate = validator('json', parseWith(schema))
  return (async (c, next) => {
    if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      throw new AppError('BAD_REQUEST', 'Content-Type must be application/json')
    }
    return validate(c, next)
  }) as typeof validate
}

/** Query parameters parsed by the shared schema. */
export const queryParams = <T extends z.ZodType>(schema: T) => validator('query', parseWith(schema))
