/** What other features may use of the value team's work (lint refuses any other import of its files). */

/** Tables others may join on (read): published here, typed, so a renamed column fails their type check. */
export { valueSuggestions } from '../tables'
export {
  type ItemImageSource,
  itemImageSources,
  readItemImage,
  storeItemImage,
} from './editor'
export { type ImportViewer, importProblems, suggestionApproved } from './hooks'
export { approvedSuggestionsOf } from './suggestions'
