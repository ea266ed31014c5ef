/** What other features may use of the landing page (lint refuses any other import of its files). */
export { useSiteSummary } from './api'
