/** What other features may use of the stock trackers (lint refuses any other import of its files). */

export { managerReportsOf } from './counts'
export { managerReported } from './hooks'
export { followStock, type StockLive, type StockSnapshot, stockLiveOf } from './live'
export { reportsToday } from './report-reads'
