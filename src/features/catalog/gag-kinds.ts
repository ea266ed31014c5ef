/*
 * Which Grow a Garden items take modifiers: apart from the modifier tables (gag-modifiers.ts), so that a
 * page can ask without loading them.
 */

/** A Grow a Garden item that takes mutations: its crops (the catalog lists them as seeds). */
export function isGagCrop(gameId: string | undefined, category: string | null | undefined): boolean {
  return gameId === 'grow-a-garden' && category === 'seed'
}

/** A Grow a Garden pet: it takes a pet mutation and an age. */
export function isGagPet(gameId: string | undefined, category: string | null | undefined): boolean {
  return gameId === 'grow-a-garden' && category === 'pet'
}
