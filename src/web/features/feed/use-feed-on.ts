import { useSyncExternalStore } from 'react'
import { useHydrated } from '@/web/lib/use-hydrated'
import { isFeedOn, subscribeFeedOn } from './preference'

/** Whether the feed is on: on in the first render (as on the server), then this browser's choice. */
export function useFeedOn(): boolean {
  const on = useSyncExternalStore(subscribeFeedOn, isFeedOn, () => true)
  return useHydrated() ? on : true
}
