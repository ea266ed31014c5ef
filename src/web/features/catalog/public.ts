/** What the shell may use of the catalog (lint refuses any other import of its files). */
export { prefetchItem, prefetchValues } from './view'
