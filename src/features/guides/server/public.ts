/** What other server features may use of the guides (none yet: they are read through their routes). */
export { GUIDES_CACHE } from './service'
