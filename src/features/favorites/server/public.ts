/** What other features may use of favorites (lint refuses any other import of its files). */
export { listUserFavorites } from './service'
