import { MAX_PASSWORD_LENGTH, passwordProblems, weakPasswordMessage } from '@/shared/password-rules'
import { Field } from '@/web/components/ui/field'

/** A new password, with the server's rules (and what the typed one breaks) shown under it. */
export function NewPasswordField({
  label,
  value,
  onChange,
  email = '',
}: {
  label: string
  value: string
  onChange: (value: string) => void
  email?: string
}) {
  const problems = value ? passwordProblems(value, email) : []
  return (
    <Field
      label={label}
      type="password"
      autoComplete="new-password"
      required
      maxLength={MAX_PASSWORD_LENGTH}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={
        problems.length > 0
          ? weakPasswordMessage(problems)
          : 'At least 8 characters, mixing letters with digits or symbols.'
      }
    />
  )
}
