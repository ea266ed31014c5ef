import {
  environmentManager,
  hashKey,
  MutationObserver,
  type MutationOptions,
  notifyManager,
  QueryObserver,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { queryClient } from './query-client'

/*
 * Controls repeated down a list (every row's heart and bell) read the same few answers. With
 * `useQuery` each one makes and feeds an observer of its own; here the components that read one
 * query share one observer, and each renders again only when what it picks of the answer changes
 * (decision 016).
 */

// biome-ignore lint/suspicious/noExplicitAny: observers of every query's own types
type AnyObserver = QueryObserver<any, any, any, any, any>
const observers = new Map<string, AnyObserver>()

/** How many observers are shared now (each is removed with its last subscriber; tests count them). */
export const sharedObserverCount = () => observers.size

function sharedObserver(options: QueryObserverOptions): [key: string, observer: AnyObserver] {
  const key = `${hashKey(options.queryKey)}|${options.enabled !== false}`
  let observer = observers.get(key)
  if (!observer) {
    observer = new QueryObserver(queryClient, options)
    observers.set(key, observer)
  }
  return [key, observer]
}

/**
 * What the server renders with: these queries are the browser's own (the session, its hearts, its
 * watchlist), never fetched by the server's renderer. The page React hydrates shows the same,
 * and what the browser knows comes right after.
 */
const SERVER_RESULT = {
  data: undefined,
  status: 'pending',
  fetchStatus: 'idle',
  isPending: true,
  isSuccess: false,
  isError: false,
  error: null,
} as unknown as QueryObserverResult<never>

/**
 * What `pick` reads of a query's current result, for a component; the query is fetched as
 * `useQuery` would. `pick` returns a value compared with `Object.is` (a number, a flag, the result).
 */
export function useSharedQuery<TData, T>(
  // biome-ignore lint/suspicious/noExplicitAny: any query's options (their key types vary)
  options: QueryObserverOptions<TData, Error, TData, TData, any>,
  pick: (result: QueryObserverResult<TData>) => T,
): T {
  // The server's renderer never subscribes (nothing would remove the observer) nor fetches these
  // queries: it renders SERVER_RESULT, with no observer and no query in the browser's client.
  const [key, observer]: [string, AnyObserver | null] = environmentManager.isServer()
    ? ['', null]
    : sharedObserver(options as QueryObserverOptions)
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!observer) return () => {}
      const unsubscribe = observer.subscribe(notifyManager.batchCalls(onChange))
      return () => {
        unsubscribe()
        if (!observer.hasListeners() && observers.get(key) === observer) observers.delete(key)
      }
    },
    [key, observer],
  )
  return useSyncExternalStore(
    subscribe,
    () => pick(observer ? observer.getCurrentResult() : SERVER_RESULT),
    () => pick(SERVER_RESULT),
  )
}

/**
 * Runs a mutation without a hook: for a control that only needs it when tapped. Settles when the
 * server has answered (an action awaits it); errors are the mutation's own to tell (its onError).
 */
export function mutate<TData, TVariables, TContext>(
  options: MutationOptions<TData, Error, TVariables, TContext>,
  variables: TVariables,
): Promise<void> {
  return new MutationObserver(queryClient, options).mutate(variables).then(
    () => {},
    () => {},
  )
}
