import { useSyncExternalStore } from 'react'
import { isFeedOn, subscribeFeedOn } from './preference'

/** Whether the feed is on: on in the first render (as on the server), then this browser's choice. */
export function useFeedOn(): boolean {
  return useSyncExternalStore(subscribeFeedOn, isFeedOn, () => true)
}
