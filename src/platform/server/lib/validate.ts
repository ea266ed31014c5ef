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

/** The query string of a URL, without its `?` ('' when it has none). */
function queryOf(url: string): string {
  const start = url.indexOf('?')
  return start === -1 ? '' : url.slice(start + 1)
}

/**
 * Whether a URL's query has percent-escapes that are not UTF-8 text (`%FF`, `%ED%A0%80`, a lone `%`):
 * the router would pass them on undecoded, as if they were what the client meant.
 */
export function hasMalformedQuery(url: string): boolean {
  const query = queryOf(url)
  if (query === '') return false
  for (const part of query.split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '))
    } catch {
      return true
    }
  }
  return false
}

/**
 * Query parameters parsed by the shared schema. Escapes that do not decode to text: 400.
 * `remember`: for public reads asked with the same few links again and again (a values page, its
 * filters), the results of the last `remember` query strings parsed are kept, frozen, so a query seen before
 * is not parsed again. Parsing is pure: a kept result is what parsing would give.
 */
export function queryParams<T extends z.ZodType>(schema: T, { remember = 0 } = {}) {
  const parse = parseWith(schema)
  const kept = new Map<string, z.output<T>>()
  const validate = validator('query', (value, c) => {
    const parsed = parse(value)
    if (remember > 0) {
      if (kept.size >= remember) kept.delete(kept.keys().next().value as string)
      kept.set(queryOf(c.req.url), deepFreeze(parsed))
    }
    return parsed
  })
  return (async (c, next) => {
    const known = remember > 0 ? kept.get(queryOf(c.req.url)) : undefined
    if (known !== undefined) {
      c.req.addValidatedData('query', known as object)
      return next()
    }
    if (hasMalformedQuery(c.req.url)) {
      throw new AppError('VALIDATION_FAILED', 'Malformed query string: a %-escape is not valid UTF-8 text')
    }
    return validate(c, next)
  }) as typeof validate
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/** Route parameters parsed by the shared schema (a malformed one: 400, or the schema's own message). */
export const paramsOf = <T extends z.ZodType>(schema: T) => validator('param', parseWith(schema))

/** What a multipart body adds around one uploaded file: its boundaries and headers, with room to spare. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024

/**
 * The bytes of the one file a multipart/form-data body sends in `field` (an image upload): 400 for a
 * body that is not multipart, 422 naming the field when it holds no file (`choose`, the field's message).
 */
export async function uploadedFile(
  c: { req: { formData(): Promise<FormData> } },
  field: string,
  { noun, choose }: { noun: string; choose: string },
): Promise<Uint8Array> {
  const form = await c.req.formData().catch(() => {
    throw new AppError('BAD_REQUEST', `Send the ${noun} as multipart/form-data with a field "${field}"`)
  })
  const file = form.get(field)
  if (!(file instanceof File))
    throw new AppError('VALIDATION_FAILED', choose, { fields: { [field]: choose } })
  return new Uint8Array(await file.arrayBuffer())
}
