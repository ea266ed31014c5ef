import { useSyncExternalStore } from 'react'
import { isFeedOn, subscribeFeedOn } from './preference'

export const useFeedOn = () => useSyncExternalStore(subscribeFeedOn, isFeedOn, () => true)
