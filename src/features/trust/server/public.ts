/** What other features may use of the trust layer (lint refuses any other import of its files). */

export { reviewPosted } from './hooks'
export { ratingsOf, reviewCountsOf, summaryOf } from './ratings'
