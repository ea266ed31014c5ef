/** An error's message for a toast or a form, or `fallback` when it is not an Error. */
export const errorText = (error: unknown, fallback: string) =>
  error instanceof Error ? error.message : fallback
