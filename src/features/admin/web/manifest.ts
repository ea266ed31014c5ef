import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The admin feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'admin',
  pages: {
    '/admin': { load: async () => (await import('./pages/overview-page')).AdminOverviewPage },
    '/admin/admins': { load: async () => (await import('./pages/admins-page')).AdminsPage },
    '/admin/stock-managers': {
      load: async () => (await import('./pages/stock-managers-page')).StockManagersPage,
    },
    '/admin/value-editors': {
      load: async () => (await import('./pages/value-editors-page')).ValueEditorsPage,
    },
    '/admin/moderators': { load: async () => (await import('./pages/moderators-page')).ModeratorsPage },
    '/admin/guide-editors': {
      load: async () => (await import('./pages/guide-editors-page')).GuideEditorsPage,
    },
    '/admin/middlemen': { load: async () => (await import('./pages/middlemen-page')).MiddlemenPage },
    '/admin/users': { load: async () => (await import('./pages/users-page')).UsersPage },
    '/admin/users/:userId': { load: async () => (await import('./pages/user-page')).UserPage },
    '/admin/launch-list': {
      load: async () => (await import('./pages/launch-list-page')).AdminLaunchListPage,
    },
    '/admin/mail': { load: async () => (await import('./pages/mail-page')).MailPage },
    '/admin/audit': { load: async () => (await import('./pages/audit-page')).AuditPage },
  },
})
