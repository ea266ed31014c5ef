/**
 * Whether this browser shows the site feed: on unless the visitor switched it off (kept in
 * localStorage, followed across tabs). Tiny on purpose: the footer's switch loads it on every page.
 */
const KEY = 'tradehub:feed'
const listeners = new Set<() => void>()

export function isFeedOn(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) !== 'off'
  } catch {
    return true
  }
}

export function setFeedOn(on: boolean): void {
  try {
    if (on) localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, 'off')
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  for (const listener of listeners) listener()
}

/** For useSyncExternalStore: this tab's changes and other tabs' (the storage event). */
export function subscribeFeedOn(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}
