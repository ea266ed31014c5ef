/**
 * Password rules shared by the sign-up form and the server (which enforces them on sign-up, reset and
 * change). No package imports: this module ships in the browser bundle.
 */
export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128

const COMMON = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  'qwerty123',
  'qwertyuiop',
  '11111111',
  'iloveyou',
  'sunshine1',
  'princess1',
  'football1',
  'baseball1',
  'welcome1',
  'admin123',
  'letmein1',
  'abc12345',
  'roblox123',
  'robloxroblox',
  'bloxfruits',
  'tradehub',
  'tradehub1',
])

/** Why a password is too weak, one reason per rule it breaks; empty when it is acceptable. */
export function passwordProblems(password: string, email?: string): string[] {
  const problems: string[] = []
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(`use at least ${MIN_PASSWORD_LENGTH} characters`)
  if (password.length > MAX_PASSWORD_LENGTH) problems.push(`use at most ${MAX_PASSWORD_LENGTH} characters`)
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length
  if (kinds < 2) problems.push('mix letters with digits or symbols (or upper and lower case)')
  const lower = password.toLowerCase()
  if (COMMON.has(lower)) problems.push('avoid a common password')
  if (/^(.)\1+$/.test(password)) problems.push('avoid repeating one character')
  const local = email?.split('@')[0]?.toLowerCase()
  if (local && local.length >= 4 && lower.includes(local))
    problems.push('do not use your e-mail address in it')
  return problems
}

/** The message of a weak password, e.g. `Password is too weak: use at least 8 characters.` */
export function weakPasswordMessage(problems: string[]): string {
  return `Password is too weak: ${problems.join('; ')}.`
}
