import type { Me } from '@/features/accounts/contract'

export interface MenuLink {
  to: string
  label: string
}

/**
 * The links of the signed-in user's account menu (docs/product.md §15), in order: Settings and Profile
 * for everyone, then one link for each staff role the user holds. Admin leads to the admin area, which
 * only admins open: no one is offered a page that answers "no access".
 */
export function accountMenuLinks(me: Me): MenuLink[] {
  const links: (MenuLink | false)[] = [
    { to: '/profile?tab=settings', label: 'Settings' },
    { to: '/profile', label: 'Profile' },
    me.isAdmin && { to: '/admin', label: 'Admin' },
    me.isModerator && { to: '/admin/reports', label: 'Reports' },
    me.isMiddleman && { to: '/middleman', label: 'Middleman requests' },
    me.stockManagerGames.length > 0 && { to: '/stock-management', label: 'Stock Management' },
    me.valueEditorGames.length > 0 && { to: '/admin/values', label: 'Value Tools' },
    me.isGuideEditor && { to: '/admin/guides', label: 'Guides Editor' },
  ]
  return links.filter((link) => link !== false)
}
