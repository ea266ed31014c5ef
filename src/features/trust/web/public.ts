/**
 * What other features may use of the trust layer (lint refuses any other import of its files):
 * the Verified badge, a trader's rating, Report and Block buttons, and the reads and writes.
 */
export {
  blockMutation,
  blocksQuery,
  reportMutation,
  reviewMutation,
  trustFiguresQuery,
  trustKeys,
} from './api'
export { BlockButton } from './components/block-button'
export { Rating } from './components/rating'
export { ReportButton } from './components/report-button'
export { VerifiedBadge } from './components/verified-badge'
