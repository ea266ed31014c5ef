import {
  MAX_PASSWORD_LENGTH,
  passwordProblems,
  weakPasswordMessage,
} from '@/features/accounts/password-rules'
import { Field } from '@/platform/web/components/ui/field'

const RULES = 'At least 8 characters, mixing letters with digits or symbols.'

/**
 * A new password, with the server's rules (and what the typed one breaks) shown under it; once the
 * server refused it, its reason instead (`error`, from useAuthAction): said once, under the field.
 */
export function NewPasswordField({
  label,
  value,
  onChange,
  email = '',
  error = null,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  email?: string
  error?: string | null
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
      hint={error ? undefined : problems.length > 0 ? weakPasswordMessage(problems) : RULES}
      error={error}
    />
  )
}
