import { describe, expect, it } from 'vitest'
import type { Me } from '@/features/accounts/contract'
import { accountMenuLinks } from './menu-links'

/** A signed-in user as /api/me answers, with no role unless given. */
const me = (roles: Partial<Me> = {}): Me => ({
  id: 'u1',
  email: 'trader@example.com',
  emailVerified: true,
  twoFactorEnabled: false,
  isAdmin: false,
  isModerator: false,
  isGuideEditor: false,
  isMiddleman: false,
  stockManagerGames: [],
  valueEditorGames: [],
  profile: {
    username: 'trader',
    displayName: 'Trader',
    bio: '',
    avatarUrl: null,
    socialLinks: {},
    ogBadge: false,
    joinedAt: '2026-01-01T00:00:00.000Z',
    roblox: null,
  },
  ...roles,
})

const labels = (user: Me) => accountMenuLinks(user).map((link) => link.label)

describe('accountMenuLinks', () => {
  it('offers a trader without a staff role no Admin link (the admin area would answer "no access")', () => {
    expect(labels(me())).toEqual(['Settings', 'Profile'])
  })

  it('offers the admin area to admins, and each other staff role its own page instead', () => {
    expect(labels(me({ isAdmin: true }))).toEqual(['Settings', 'Profile', 'Admin'])
    expect(labels(me({ isModerator: true }))).toEqual(['Settings', 'Profile', 'Reports'])
    expect(labels(me({ isMiddleman: true }))).toEqual(['Settings', 'Profile', 'Middleman requests'])
    expect(labels(me({ stockManagerGames: ['grow-a-garden'] }))).toEqual([
      'Settings',
      'Profile',
      'Stock Management',
    ])
    expect(labels(me({ valueEditorGames: ['blox-fruits'] }))).toEqual(['Settings', 'Profile', 'Value Tools'])
    expect(labels(me({ isGuideEditor: true }))).toEqual(['Settings', 'Profile', 'Guides Editor'])
    expect(accountMenuLinks(me({ isAdmin: true })).find((link) => link.label === 'Admin')?.to).toBe('/admin')
  })
})
