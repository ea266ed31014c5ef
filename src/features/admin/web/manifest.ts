import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The admin area's pages share one chunk. */
const adminPages = () => import('./pages/admin-pages')

/** The admin feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'admin',
  pages: {
    '/admin': { load: async () => (await adminPages()).AdminOverviewPage },
    '/admin/admins': { load: async () => (await adminPages()).AdminsPage },
    '/admin/stock-managers': { load: async () => (await adminPages()).StockManagersPage },
    '/admin/value-editors': { load: async () => (await adminPages()).ValueEditorsPage },
    '/admin/moderators': { load: async () => (await adminPages()).ModeratorsPage },
    '/admin/guide-editors': { load: async () => (await adminPages()).GuideEditorsPage },
    '/admin/middlemen': { load: async () => (await adminPages()).MiddlemenPage },
    '/admin/reports': {
      load: async () => (await import('./pages/reports-page')).ReportsPage,
    },
    '/admin/users': { load: async () => (await adminPages()).UsersPage },
    '/admin/users/:userId': { load: async () => (await adminPages()).UserPage },
    '/admin/launch-list': { load: async () => (await adminPages()).AdminLaunchListPage },
    '/admin/contact': { load: async () => (await adminPages()).ContactMessagesPage },
    '/admin/mail': { load: async () => (await adminPages()).MailPage },
    '/admin/audit': { load: async () => (await adminPages()).AuditPage },
    '/admin/imports': {
      load: async () => (await import('./pages/imports-page')).ImportsPage,
    },
  },
})
