import { Link } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'
import { signInHref } from '../api'

/** What a page for signed-in users shows a visitor: why to sign in, and a Sign In that comes back here. */
export function SignInPrompt({ children, back }: { children: React.ReactNode; back: string }) {
  const [pathname, search = ''] = back.split(/(?=\?)/)
  return (
    <div className="rounded-2xl border border-line bg-surface p-6">
      <p className="text-muted">{children}</p>
      <Link to={signInHref(pathname ?? '/', search)} className={`${buttonClass('primary')} mt-4`}>
        Sign In
      </Link>
    </div>
  )
}
