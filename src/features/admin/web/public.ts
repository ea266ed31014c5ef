/** What other features may use of the admin area (lint refuses any other import of its files). */
export { AdminArea, Pager, Panel } from './components/admin-area'
