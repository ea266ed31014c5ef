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
  /**
   * A name people read elsewhere (a display name, an item's, a token's): refuse control and format
   * characters (see `hasControlCharacters`), which would break the line it is shown on or turn it around.
   */
  noControlCharacters?: boolean
  /** The spec's messages where it gives them; readable defaults otherwise. */
  messages?: {
    required?: string
    notText?: string
    /** For a NUL or a broken character, where the spec's message for the field already covers them. */
    badText?: string
    tooShort?: string
    tooLong?: string
    controlCharacters?: string
  }
}

/** What is wrong with text no page or database should receive, or null. */
export function textProblem(value: string, label: string): string | null {
  if (value.includes('\u0000')) return `${label} cannot contain the NUL character`
  if (!value.isWellFormed()) return `${label} contains a broken character (invalid Unicode)`
  return null
}

/**
 * Control characters (Unicode Cc: CR, LF, tab, the escape that starts terminal colour codes) and format
 * characters (Cf: invisible ones such as U+202E, which shows the rest of a line backwards, and zero-width
 * spaces). A name holding one breaks the line of a mail subject, a notification, a log or a picture it is
 * written on, or reads as something else there.
 */
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u

/** Whether text holds a control or format character (the names rule). */
export const hasControlCharacters = (value: string) => CONTROL_OR_FORMAT.test(value)

const controlCharactersMessage = (label: string) => `${label} cannot contain control characters`

/** What is wrong with a name under the names rule, or null. */
export const controlCharacterProblem = (value: string, label: string): string | null =>
  hasControlCharacters(value) ? controlCharactersMessage(label) : null

/** A zod string under the text rule; `label` names the field in its messages ("Bio", "search"). */
export function text(
  label: string,
  { max, min, trim = true, noControlCharacters = false, messages = {} }: TextOptions,
) {
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
  const limited = bounded.max(max, messages.tooLong ?? `${label} must be ${max} characters or less`)
  if (!noControlCharacters) return limited
  return limited.refine(
    (value) => !hasControlCharacters(value),
    messages.controlCharacters ?? controlCharactersMessage(label),
  )
}
