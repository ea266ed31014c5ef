import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_RECEIVED,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  type ContactRequest,
  type ContactTopic,
  contactRequestSchema,
} from '@/features/contact/contract'
import { buttonClass } from '@/platform/web/components/ui/button'
import { Field, FormMessage, TextAreaField } from '@/platform/web/components/ui/field'
import { Select } from '@/platform/web/components/ui/select'
import { ApiError } from '@/platform/web/lib/api'
import { useSendContactMessage } from '../api'

type FieldName = keyof ContactRequest

const TOPIC_OPTIONS = [
  ['', 'Choose a topic'],
  ...CONTACT_TOPICS.map((topic) => [topic, CONTACT_TOPIC_LABELS[topic]] as const),
] as const

/** Topic, message and reply address, checked by the shared schema before they are sent. */
export function ContactForm() {
  const send = useSendContactMessage()
  const [topic, setTopic] = useState<ContactTopic | ''>('')
  const [message, setMessage] = useState('')
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [sent, setSent] = useState(false)

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const parsed = contactRequestSchema.safeParse({ topic: topic || undefined, message, email })
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message
      return setErrors(found)
    }
    setErrors({})
    send.mutate(parsed.data, {
      onSuccess: () => setSent(true),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields as typeof errors)
        setFailure(error instanceof ApiError ? error.message : 'Your message was not sent. Please try again.')
      },
    })
  }

  if (sent)
    return (
      <div role="status" className="rounded-2xl border border-accent/40 bg-accent/5 p-6">
        <p className="flex items-center gap-2 font-semibold">
          <MailCheck aria-hidden="true" className="size-5 text-accent" /> Message sent
        </p>
        <p className="mt-1 text-muted text-sm">{CONTACT_RECEIVED}</p>
      </div>
    )

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="contact-form-title"
      className="grid gap-4 rounded-2xl border border-line bg-surface p-6"
    >
      <h2 id="contact-form-title" className="font-semibold text-ink text-lg">
        Write to the team
      </h2>
      <div>
        <Select
          label="Topic"
          value={topic}
          options={TOPIC_OPTIONS}
          onChange={(value) => setTopic(value as ContactTopic | '')}
          className="mt-1 w-full rounded-lg border border-line bg-bg px-3 py-2.5 text-ink aria-invalid:border-danger"
        />
        {errors.topic && <p className="mt-1 text-danger text-sm">{errors.topic}</p>}
      </div>
      <TextAreaField
        label="Message"
        value={message}
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX + 50}
        onChange={(e) => setMessage(e.target.value)}
        hint={`The page address, the item or what happened help us answer (${message.trim().length}/${CONTACT_MESSAGE_MAX})`}
        error={errors.message}
      />
      <Field
        label="Your e-mail address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        hint="We answer here. It is used for nothing else."
        error={errors.email}
      />
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <button
        type="submit"
        className={`${buttonClass('primary')} justify-self-start`}
        disabled={send.isPending}
      >
        {send.isPending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  )
}
