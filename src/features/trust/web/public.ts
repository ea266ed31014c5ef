/**
 * What other features may use of the trust layer (lint refuses any other import of its files): the live
 * trust figures. Its parts on other features' pages (Report, reputation, reviews) are slot fills
 * (manifest.ts).
 */
export { trustFiguresQuery, trustKeys } from './api'
