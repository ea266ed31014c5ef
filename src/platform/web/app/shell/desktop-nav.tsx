import { useId } from 'react'
import { Link, NavLink as RouterNavLink } from 'react-router'
import { useDisclosure } from '@/platform/web/lib/use-disclosure'
import { type NavLink, useHeaderNav } from './nav'
import { SubmenuToggle } from './submenu-toggle'

const topItemClass =
  'inline-flex items-center gap-1 rounded-lg px-3 py-2 font-medium text-muted text-sm transition-colors hover:bg-surface-2 hover:text-ink aria-expanded:bg-surface-2 aria-expanded:text-ink'
const childClass =
  'block w-full rounded-lg px-3 py-2 text-left text-ink text-sm hover:bg-surface-2 focus-visible:bg-surface-2'

/**
 * A menu item with children: the disclosure pattern for site navigation (a button that shows a list
 * of links). Escape, a click outside, leaving it with Tab or following a link closes it.
 */
function Submenu({ item }: { item: NavLink }) {
  const { open, setOpen, rootProps, buttonRef } = useDisclosure()
  const listId = useId()

  return (
    <div {...rootProps} className="relative">
      <SubmenuToggle
        ref={buttonRef}
        label={item.label}
        open={open}
        controls={listId}
        onToggle={() => setOpen(!open)}
        className={topItemClass}
      />
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-1.5 min-w-48 rounded-xl border border-line bg-surface p-1.5 shadow-black/40 shadow-xl"
      >
        {item.children!.map((child) => (
          <li key={child.label}>
            <Link
              to={child.to!}
              reloadDocument={child.document}
              className={childClass}
              onClick={() => setOpen(false)}
            >
              {child.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function DesktopNav() {
  const nav = useHeaderNav()
  return (
    <nav aria-label="Main" className="ml-4 hidden md:block">
      <ul className="flex items-center gap-1">
        {nav.map((item) => (
          <li key={item.label}>
            {item.children ? (
              <Submenu item={item} />
            ) : (
              <RouterNavLink
                to={item.to!}
                className={({ isActive }) => `${topItemClass} ${isActive ? 'bg-surface-2 text-ink' : ''}`}
              >
                {item.label}
              </RouterNavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
