import { z } from 'zod'

/**
 * The one rule for text a client sends (body fields, query parameters, auth fields): a string, without
 * the NUL character (PostgreSQL cannot store it in text or JSON), well-formed Unicode (no lone
 * surrogate halves, which cannot be encoded as UTF-8), trimmed unless told otherwise, and bounded.
 */
export interface TextOptions {
  /** Most characters (UTF-16 code units, as `String.length` counts), after trimming. */
  max: number
  /** Fewest characters after trimming (none by default). */
  min?: number
  /** Remove white space at both ends first (default true). Passwords, tokens and URLs keep theirs. */
  trim?: boolean
  /** The spec's messages where it gives them; readable defaults otherwise. */
  messages?: {
    required?: string
    notText?: string
    /** For a NUL or a broken character, where the spec's message for the field already covers them. */
    badText?: string
    tooShort?: string
    tooLong?: string
  }
}

/** What is wrong with text no page or database should receive, or null. */
export function textProblem(value: string, label: string): string | null {
  if (value.includes('\u0000')) return `${label} cannot contain the NUL character`
  if (!value.isWellFormed()) return `${label} contains a broken character (invalid Unicode)`
  return null
}

/** A zod string under the text rule; `label` names the field in its messages ("Bio", "search"). */
export function text(label: string, { max, min, trim = true, messages = {} }: TextOptions) {
  const schema = z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? (messages.required ?? `${label} is required`)
          : (messages.notText ?? `${label} must be text`),
    })
    .check((ctx) => {
      const problem = textProblem(ctx.value, label)
      if (problem) {
        const message = messages.badText ?? problem
        ctx.issues.push({ code: 'custom', message, input: ctx.value, continue: false })
      }
    })
  const trimmed = trim ? schema.trim() : schema
  const bounded =
    min === undefined
      ? trimmed
      : trimmed.min(min, messages.tooShort ?? `${label} must be at least ${min} characters`)
  return bounded.max(max, messages.tooLong ?? `${label} must be ${max} characters or less`)
}
