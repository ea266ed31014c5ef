import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { type SuggestionRequest, suggestionRequestSchema, VALUE_LIMITS } from '@/shared/value-ops'
import { buttonClass } from '@/web/components/ui/button'
import { Field, FormMessage } from '@/web/components/ui/field'
import { Spinner } from '@/web/components/ui/spinner'
import { signInHref, useMe } from '@/web/features/accounts/public'
import { ApiError } from '@/web/lib/api'
import { toast } from '@/web/lib/toast'
import { itemSuggestionsQuery, useSuggest } from '../api'
import { SuggestionCard, type Viewer } from './suggestion-card'

type FieldName = keyof SuggestionRequest

/** "12,500" or "1.2e9" as a number; empty as absent (the schema then says it is required). */
const parseAmount = (text: string): unknown => {
  const clean = text.trim().replace(/[,\s_]/g, '')
  return clean === '' ? undefined : Number(clean)
}

/** Value, reason and an optional evidence link, checked by the shared schema before it is sent. */
function SuggestForm({ game, item, name }: { game: string; item: string; name: string }) {
  const suggest = useSuggest(game, item)
  const [value, setValue] = useState('')
  const [reason, setReason] = useState('')
  const [link, setLink] = useState('')
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const reasonId = useId()

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const parsed = suggestionRequestSchema.safeParse({
      value: parseAmount(value),
      reason,
      evidenceUrl: link.trim() === '' ? undefined : link.trim(),
    })
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message
      return setErrors(found)
    }
    setErrors({})
    suggest.mutate(parsed.data, {
      onSuccess: () => {
        setValue('')
        setReason('')
        setLink('')
        toast.success('Suggestion sent', { description: `The value team will look at ${name}.` })
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields as typeof errors)
        setFailure(
          error instanceof ApiError ? error.message : 'Your suggestion was not sent. Please try again.',
        )
      },
    })
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 grid gap-3 rounded-xl border border-line bg-surface p-4"
    >
      <p className="font-medium">Suggest a value for {name}</p>
      <Field
        label="Suggested value"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={errors.value}
      />
      <div>
        <label htmlFor={reasonId} className="font-medium text-sm">
          Reason
        </label>
        <textarea
          id={reasonId}
          value={reason}
          rows={3}
          maxLength={VALUE_LIMITS.reasonMax + 50}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={`${reasonId}-hint${errors.reason ? ` ${reasonId}-error` : ''}`}
          className="mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-ink aria-invalid:border-danger"
        />
        <p id={`${reasonId}-hint`} className="text-muted text-xs">
          What trades or offers show this value ({reason.trim().length}/{VALUE_LIMITS.reasonMax})
        </p>
        {errors.reason && (
          <p id={`${reasonId}-error`} className="mt-1 text-danger text-sm">
            {errors.reason}
          </p>
        )}
      </div>
      <Field
        label="Evidence link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={link}
        onChange={(e) => setLink(e.target.value)}
        error={errors.evidenceUrl}
      />
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <div>
        <button type="submit" className={buttonClass('primary')} disabled={suggest.isPending}>
          {suggest.isPending ? 'Sending…' : 'Suggest value'}
        </button>
      </div>
    </form>
  )
}

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
        <Link to="/values/suggestions" className="text-accent text-sm underline">
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
        <SuggestForm game={game} item={item} name={name} />
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
