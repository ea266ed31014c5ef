/**
 * What public pages never say: the value sites the starting values came from, and where the catalog's
 * facts were copied from (catalog/README.md keeps that provenance).
 */
export const NOT_PUBLIC_WORDS = [
  'AMVGG',
  'Elvebredd',
  'MM2Values',
  'Supreme',
  'bloxfruitsvalues',
  'game.guide',
  'fandom',
  'Value List',
  'Rolimons',
  'Gamersberg',
  'Traderie',
  'github.com',
  'repository',
  'scraped',
  'decompiled',
  'mockData',
  '.lua',
] as const

/** The words of NOT_PUBLIC_WORDS that a response or row holds, in any case. */
export function notPublicWordsIn(value: unknown): string[] {
  const text = JSON.stringify(value).toLowerCase()
  return NOT_PUBLIC_WORDS.filter((word) => text.includes(word.toLowerCase()))
}
