/** What other features may use of middlemen (lint refuses any other import of its files). */
/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { middlemanRequests } from '../tables'
export { jobsDoneOf, tradeMiddleman } from './conversation'
export { middlemanJobDone } from './hooks'
