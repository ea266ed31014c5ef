import { lazy } from '@/platform/web/lib/lazy'

/**
 * What the shell and other features may use of the notification centre (lint refuses any other import
 * of its files). Components load with the first page that shows them: the shell imports this file, so a
 * plain re-export would put them in the code of every page. Render them inside a Suspense boundary.
 */
export { notificationKeys } from './queries'

/** The header's bell with the unread count (signed-in users only). */
export const NotificationBell = lazy(() => import('./components/notification-bell'))
