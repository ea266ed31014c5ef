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

/**
 * Whether a URL's query has percent-escapes that are not UTF-8 text (`%FF`, `%ED%A0%80`, a lone `%`):
 * the router would pass them on undecoded, as if they were what the client meant.
 */
export function hasMalformedQuery(url: string): boolean {
  const start = url.indexOf('?')
  if (start === -1) return false
  for (const part of url.slice(start + 1).split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '))
    } catch {
      return true
    }
  }
  return false
}

/** Query parameters parsed by the shared schema. Escapes that do not decode to text: 400. */
export function queryParams<T extends z.ZodType>(schema: T) {
  const validate = validator('query', parseWith(schema))
  return (async (c, next) => {
    if (hasMalformedQuery(c.req.url)) {
      throw new AppError('VALIDATION_FAILED', 'Malformed query string: a %-escape is not valid UTF-8 text')
    }
    return validate(c, next)
  }) as typeof validate
}

/** Route parameters parsed by the shared schema (a malformed one: 400, or the schema's own message). */
export const paramsOf = <T extends z.ZodType>(schema: T) => validator('param', parseWith(schema))
