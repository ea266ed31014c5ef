import { useState } from 'react'
import { type SuggestionRequest, suggestionRequestSchema, VALUE_LIMITS } from '@/features/value-ops/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { ApiError } from '@/platform/web/lib/api'
import { toast } from '@/platform/web/lib/toast'
import { VALUE_NOTATION_HINT } from '@/shared/format-value'
import { useSuggest } from '../api'

type FieldName = keyof SuggestionRequest
const isFieldName = (key: string) => ['value', 'reason', 'evidenceUrl'].includes(key)

/** Value, reason and an optional evidence link, checked by the shared schema before it is sent. */
export function SuggestForm({ game, item, name }: { game: string; item: string; name: string }) {
  const suggest = useSuggest(game, item)
  const [value, setValue] = useState('')
  const [reason, setReason] = useState('')
  const [link, setLink] = useState('')
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const parsed = suggestionRequestSchema.safeParse({
      // "700M", "12,500" or "1.2e9": the shared schema reads the site's notation. Empty: required.
      value: value.trim() === '' ? undefined : value,
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
        // A field's problem shows under its field; the form says the rest.
        if (error instanceof ApiError && error.fields && Object.keys(error.fields).some(isFieldName))
          return setErrors(error.fields as typeof errors)
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
        hint={VALUE_NOTATION_HINT}
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={errors.value}
      />
      <TextAreaField
        label="Reason"
        value={reason}
        rows={3}
        maxLength={VALUE_LIMITS.reasonMax + 50}
        onChange={(e) => setReason(e.target.value)}
        hint={`What trades or offers show this value (${reason.trim().length}/${VALUE_LIMITS.reasonMax})`}
        error={errors.reason}
      />
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
