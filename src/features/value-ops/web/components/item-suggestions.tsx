import { useQuery } from '@tanstack/react-query'
import { Suspense, useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { signInHref, useMe } from '@/features/accounts/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Spinner } from '@/platform/web/components/ui/spinner'
import { lazy } from '@/platform/web/lib/lazy'
import { itemSuggestionsQuery } from '../api'
import { SuggestionCard, type Viewer } from './suggestion-card'

// The form (and the shared schema that checks it) loads for a trader who may suggest, not for visitors.
const SuggestForm = lazy(async () => ({ default: (await import('./suggest-form')).SuggestForm }))

/**
 * The item page's section of value suggestions (`#suggest`): the item's suggestions with their votes
 * (one request), a form to suggest one, and for editors of the game Approve and Reject.
 */
export function ItemSuggestions({ game, item, name }: { game: string; item: string; name: string }) {
  const { me } = useMe()
  const query = useQuery(itemSuggestionsQuery(game, item))
  const { pathname, search, hash } = useLocation()
  const section = useRef<HTMLElement>(null)
  const loaded = query.isSuccess
  // A link to #suggest (a notification) arrives before this section exists: go there once it does.
  useEffect(() => {
    if (loaded && hash === '#suggest') section.current?.scrollIntoView()
  }, [loaded, hash])

  const viewer: Viewer = {
    signedIn: Boolean(me),
    editsGame: (g) => Boolean(me?.valueEditorGames.some((e) => e === g)),
  }
  const suggestions = query.data?.suggestions ?? []
  const myOpen = suggestions.some((s) => s.mine && s.status === 'pending')

  return (
    <section ref={section} id="suggest" aria-labelledby="suggest-heading" className="mt-8 scroll-mt-20">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="suggest-heading" className="font-semibold text-lg">
          Value suggestions
        </h2>
        <Link to="/values/suggestions" className="py-0.5 text-accent text-sm underline">
          All suggestions
        </Link>
      </div>
      {!me ? (
        <p className="mt-3">
          <Link to={signInHref(pathname, `${search}#suggest`)} className={buttonClass('secondary', 'sm')}>
            Sign in to suggest a value
          </Link>
        </p>
      ) : !me.profile.username ? (
        <p className="mt-3 text-muted text-sm">
          Choose a username before suggesting values:{' '}
          <Link to="/profile?tab=settings" className="text-accent underline">
            your profile
          </Link>
          .
        </p>
      ) : myOpen ? (
        <p className="mt-3 text-muted text-sm">
          Your suggestion for {name} is open: the value team decides on it.
        </p>
      ) : (
        <Suspense fallback={<Spinner label="Loading the form" className="py-6" />}>
          <SuggestForm game={game} item={item} name={name} />
        </Suspense>
      )}

      {query.isPending ? (
        <Spinner label="Loading suggestions" className="py-6" />
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-muted text-sm">
          Suggestions could not be loaded.{' '}
          <button type="button" className="text-accent underline" onClick={() => query.refetch()}>
            Try again
          </button>
        </p>
      ) : suggestions.length === 0 ? (
        <p className="mt-4 text-muted text-sm">No suggestions for {name} yet.</p>
      ) : (
        <ul aria-label={`Suggestions for ${name}`} className="mt-4 grid gap-3">
          {suggestions.map((s) => (
            <li key={s.id}>
              <SuggestionCard s={s} viewer={viewer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
