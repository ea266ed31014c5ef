/** What other features may use of the admin area (lint refuses any other import of its files). */
export { AdminArea, Pager, Panel, StatusFilter, when } from './components/admin-area'
export { AdminNotices } from './components/notices'
export { RESOLUTION_LABELS } from './components/report-labels'
