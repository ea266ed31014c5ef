import { Mail } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '@/platform/web/components/ui/button'

/** After a link was e-mailed: where to look for it, and back to sign in. */
export function SentPanel({ email, what, onBack }: { email: string; what: string; onBack: () => void }) {
  return (
    <div role="status" className="rounded-2xl border border-line bg-surface p-6">
      <Mail aria-hidden="true" className="size-8 text-accent" />
      <h2 className="mt-3 font-bold text-xl">Check your e-mail</h2>
      <p className="mt-2 text-muted">
        We sent {what} to <strong className="text-ink [overflow-wrap:anywhere]">{email}</strong>. Open it on
        this device. Nothing there? Look in spam, or see the{' '}
        <Link to="/safe-sender-guide" className="text-accent underline">
          safe sender guide
        </Link>
        .
      </p>
      <button type="button" onClick={onBack} className={`${buttonClass('secondary')} mt-5`}>
        Back to sign in
      </button>
    </div>
  )
}
