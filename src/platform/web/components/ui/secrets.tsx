import { Copy, KeyRound } from 'lucide-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { toast } from '@/platform/web/lib/toast'
import { buttonClass } from './button'
import { Field, FormMessage } from './field'

/**
 * Secrets a bot sends (API keys, ingest tokens): a form that names a new one, and the new one shown this
 * once with a copy button. `noun` is what the secret is called ("API key", "Token"), `short` its one word
 * ("key", "token").
 */
interface SecretWords {
  noun: string
  short: string
}

/** "Key name" and "Create key": a name for the new secret, sent trimmed; the field empties once created. */
export function CreateSecretForm({
  short,
  placeholder,
  maxLength,
  pending,
  error,
  onCreate,
}: Pick<SecretWords, 'short'> & {
  placeholder: string
  maxLength: number
  pending: boolean
  error: string | null
  onCreate: (name: string, created: () => void) => void
}) {
  const [name, setName] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = name.trim()
    if (trimmed) onCreate(trimmed, () => setName(''))
  }
  const title = short[0]!.toUpperCase() + short.slice(1)
  return (
    <form onSubmit={submit} aria-label={`Create a ${short}`} className="mt-3 flex flex-wrap items-end gap-2">
      <Field
        label={`${title} name`}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={maxLength}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        className="min-w-0 flex-1 basis-48"
      />
      <button type="submit" disabled={pending || !name.trim()} className={buttonClass('primary', 'md')}>
        <KeyRound aria-hidden="true" className="size-4" /> Create {short}
      </button>
      {error && (
        <div className="basis-full">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
    </form>
  )
}

/** The secret just created: shown this once (the server keeps only its hash), with a copy button. */
export function NewSecret({
  noun,
  short,
  label,
  id,
  name,
  secret,
  children,
  onDone,
}: SecretWords & {
  /** The text box's accessible name ("New API key"). */
  label: string
  id: number
  name: string
  secret: string
  /** How bots send it. */
  children?: ReactNode
  onDone: () => void
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      toast.success(`${noun} copied`)
    } catch {
      toast.error(`Copying failed: select the ${short} and copy it by hand`)
    }
  }
  return (
    <div role="status" className="space-y-2 rounded-xl border border-warn/50 bg-warn/10 p-3">
      <p className="font-semibold text-sm">
        {noun} “{name}” created. Copy it now: it is shown only once and cannot be read again.
      </p>
      <label htmlFor={`secret-${short}-${id}`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`secret-${short}-${id}`}
        readOnly
        rows={2}
        value={secret}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full resize-none break-all rounded-lg border border-line bg-bg px-3 py-2 font-mono text-sm"
      />
      {children && <p className="text-muted text-xs">{children}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={copy} className={buttonClass('primary', 'sm')}>
          <Copy aria-hidden="true" className="size-4" /> Copy {short}
        </button>
        <button type="button" onClick={onDone} className={buttonClass('ghost', 'sm')}>
          Done
        </button>
      </div>
    </div>
  )
}
