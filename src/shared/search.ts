/**
 * Normalises text for search: accents removed, lowercase, punctuation folded to single spaces.
 * Item names are stored in this form, and queries are normalised the same way before matching.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
