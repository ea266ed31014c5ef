/** What other features may use of favorites (lint refuses any other import of its files). */
export { useFavoriteCounts } from './api'
export { FavoriteButton } from './components/favorite-button'
