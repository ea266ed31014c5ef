import { ChevronDown } from 'lucide-react'
import { Suspense, useId, useState } from 'react'
import { Link } from 'react-router'
import type { Me } from '@/features/accounts/contract'
import { Avatar } from '@/platform/web/components/ui/avatar'
import { lazy } from '@/platform/web/lib/lazy'
import { useDisclosure } from '@/platform/web/lib/use-disclosure'
import { accountMenuLinks } from '../menu-links'

const SignOutDialog = lazy(() => import('./sign-out-dialog'))

const itemClass =
  'block w-full rounded-lg px-3 py-2 text-left text-ink text-sm no-underline hover:bg-surface-2 focus-visible:bg-surface-2'

/** The signed-in user's menu (docs/product.md §15): name, e-mail, the links of `accountMenuLinks`, Sign Out. */
export default function UserMenu({ me }: { me: Me }) {
  const { open, setOpen, rootProps, buttonRef } = useDisclosure()
  const [confirming, setConfirming] = useState(false)
  const listId = useId()
  const { profile } = me
  return (
    <div {...rootProps} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-2 rounded-full p-0.5 pr-2 text-sm hover:bg-surface-2"
      >
        <Avatar url={profile.avatarUrl} name={profile.displayName} />
        <span className="hidden max-w-32 truncate font-medium sm:inline">{profile.displayName}</span>
        <span className="sr-only sm:hidden">{profile.displayName}</span>
        <span className="sr-only">account menu</span>
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </button>
      <div
        id={listId}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-1.5 w-64 rounded-xl border border-line bg-surface p-1.5 shadow-black/40 shadow-xl"
      >
        <p className="px-3 py-2">
          <span className="block truncate font-semibold">{profile.displayName}</span>
          {me.email && <span className="block truncate text-muted text-xs">{me.email}</span>}
        </p>
        <ul className="border-line border-t pt-1">
          {accountMenuLinks(me).map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={itemClass}>
                {link.label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-line border-t pt-1">
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                setOpen(false)
                setConfirming(true)
              }}
            >
              Sign Out
            </button>
          </li>
        </ul>
      </div>
      {confirming && (
        <Suspense fallback={null}>
          <SignOutDialog open={confirming} onOpenChange={setConfirming} />
        </Suspense>
      )}
    </div>
  )
}
