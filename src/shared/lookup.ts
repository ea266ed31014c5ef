/**
 * Lookups in plain-object tables by a key that came from outside (a request, a CSV cell, a stored label).
 * `key in table` and `table[key]` also find what every object inherits: `constructor`, `toString`,
 * `__proto__`… So `constructor` would read as a known trend (a function), `__proto__` as a weather (an
 * object). These look at the table's own entries only.
 */

/** Whether `key` is one of the table's own entries (never an inherited property). */
export const isOwnKey = <T extends object>(table: T, key: PropertyKey): key is keyof T =>
  Object.hasOwn(table, key)

/** The table's own entry under `key`, or undefined (never an inherited property). */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}
