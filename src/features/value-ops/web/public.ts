/** What the shell and other features may use of the value team's pages (lint refuses any other import of its files). */
export { valueToolsSections } from './slots'
