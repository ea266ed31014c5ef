/** What other features may use of the stock trackers (lint refuses any other import of its files). */
export { reportsToday } from './reports'
