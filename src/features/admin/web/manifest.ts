import { defineWebFeature } from '@/platform/web/app/feature'
import type { PAGES } from '../pages'

/** The admin feature's pages in the browser: each page's component, in its own chunk, and its loader. */
export default defineWebFeature<typeof PAGES>({
  name: 'admin',
  pages: {
    '/admin': { load: () => import('./pages/overview-page').then((module) => module.AdminOverviewPage) },
    '/admin/admins': { load: () => import('./pages/admins-page').then((module) => module.AdminsPage) },
    '/admin/stock-managers': {
      load: () => import('./pages/stock-managers-page').then((module) => module.StockManagersPage),
    },
    '/admin/value-editors': {
      load: () => import('./pages/value-editors-page').then((module) => module.ValueEditorsPage),
    },
    '/admin/moderators': {
      load: () => import('./pages/moderators-page').then((module) => module.ModeratorsPage),
    },
    '/admin/guide-editors': {
      load: () => import('./pages/guide-editors-page').then((module) => module.GuideEditorsPage),
    },
    '/admin/middlemen': {
      load: () => import('./pages/middlemen-page').then((module) => module.MiddlemenPage),
    },
    '/admin/users': { load: () => import('./pages/users-page').then((module) => module.UsersPage) },
    '/admin/users/:userId': { load: () => import('./pages/user-page').then((module) => module.UserPage) },
    '/admin/launch-list': {
      load: () => import('./pages/launch-list-page').then((module) => module.AdminLaunchListPage),
    },
    '/admin/mail': { load: () => import('./pages/mail-page').then((module) => module.MailPage) },
    '/admin/audit': { load: () => import('./pages/audit-page').then((module) => module.AuditPage) },
  },
})
