import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { Suspense, useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { signInHref, useMe } from '@/features/accounts/web/public'
import { MyTradesLink } from '@/features/trading/web/public'
import { buttonClass } from '@/platform/web/components/ui/button'
import { type NavLink, useHeaderNav } from './nav'
import { SubmenuToggle } from './submenu-toggle'

const rowClass =
  'flex w-full items-center justify-between rounded-lg px-3 py-3 text-left font-medium text-ink hover:bg-surface-2'

function DrawerItem({ item, close }: { item: NavLink; close: () => void }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  if (item.children) {
    return (
      <li>
        <SubmenuToggle
          label={item.label}
          open={open}
          controls={listId}
          onToggle={() => setOpen(!open)}
          className={rowClass}
        />
        <ul id={listId} hidden={!open} className="ml-3 border-line border-l pl-2">
          {item.children.map((child) => (
            <DrawerItem key={child.label} item={child} close={close} />
          ))}
        </ul>
      </li>
    )
  }
  return (
    <li>
      <Link to={item.to!} reloadDocument={item.document} className={rowClass} onClick={close}>
        {item.label}
      </Link>
    </li>
  )
}

/** The phone menu: a drawer from the right; focus stays inside and Escape closes it (Radix Dialog). */
export default function MobileDrawer({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const close = () => onOpenChange(false)
  // Signed in, the header's account menu has Sign Out; the drawer offers the account pages.
  const { me } = useMe()
  const { pathname, search } = useLocation()
  const nav = useHeaderNav()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col border-line border-l bg-surface p-4 shadow-2xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-semibold text-lg">Menu</Dialog.Title>
            <Dialog.Close className={buttonClass('ghost', 'sm')} aria-label="Close menu">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <nav aria-label="Mobile" className="mt-4 flex-1 overflow-y-auto">
            <ul className="space-y-1">
              {nav.map((item) => (
                <DrawerItem key={item.label} item={item} close={close} />
              ))}
            </ul>
          </nav>
          {me ? (
            <div className="mt-4 grid grid-cols-2 gap-2 border-line border-t pt-4">
              <Suspense fallback={<span aria-hidden="true" className="col-span-2 h-10" />}>
                <MyTradesLink variant="menu" onNavigate={close} className="col-span-2" />
              </Suspense>
              <Link to="/profile" onClick={close} className={buttonClass('secondary', 'md')}>
                Profile
              </Link>
              <Link to="/profile?tab=settings" onClick={close} className={buttonClass('secondary', 'md')}>
                Settings
              </Link>
              <Link
                to="/notifications"
                onClick={close}
                className={`${buttonClass('secondary', 'md')} col-span-2`}
              >
                Notifications
              </Link>
            </div>
          ) : (
            <Link
              to={signInHref(pathname, search)}
              onClick={close}
              className={`${buttonClass('primary', 'md')} mt-4 w-full`}
            >
              Sign In
            </Link>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
