import { Field } from '@/platform/web/components/ui/field'

/** The views of /sign-in (`?view=`; the sign-in form without one). */
export type View = 'sign-in' | 'sign-up' | 'forgot' | 'reset' | 'two-factor'
export const VIEWS: readonly View[] = ['sign-in', 'sign-up', 'forgot', 'reset', 'two-factor']

/** The box of each view's form. */
export const card = 'rounded-2xl border border-line bg-surface p-5 sm:p-6'

/**
 * What the views of /sign-in share, kept by the page: the e-mail and password typed (they stay when the
 * trader moves between views), where to go once signed in, and the page's moves.
 */
export interface SignInState {
  email: string
  setEmail: (email: string) => void
  password: string
  setPassword: (password: string) => void
  /** Where the trader goes once signed in (`?redirect=`, made safe). */
  redirect: string
  /** Opens another view (the address keeps it). */
  go: (view: View) => void
  /** Signed in: who is signed in is read again and the trader goes to `redirect`. */
  finish: () => Promise<void>
  /** A link was e-mailed: the page says what (`what`) and where. */
  setSent: (what: string) => void
}

/** The e-mail field of the views that ask for it. */
export function EmailField({ email, setEmail }: Pick<SignInState, 'email' | 'setEmail'>) {
  return (
    <Field
      label="E-mail"
      type="email"
      autoComplete="email"
      required
      value={email}
      onChange={(e) => setEmail(e.target.value)}
    />
  )
}
