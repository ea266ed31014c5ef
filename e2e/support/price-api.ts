import type { PriceEntry, PriceLists } from '../../src/test/price-api'
import { E2E_PORTS } from './ports'

const pet = (id: string, value: number, configData: Partial<PriceEntry['configData']> = {}): PriceEntry => ({
  category: 'Pet',
  configData: { id, ...configData },
  value,
})

/**
 * What the stand-in price API answers, by game (the base path of its URL). Pet Simulator 99: one pet of
 * the catalog at new prices and one the catalog lacks; PETS GO! (no journey imports it): one pet.
 */
export const PRICE_API_FIXTURES: Record<'ps99' | 'petsgo', PriceLists> = {
  ps99: {
    rap: [
      pet('Huge Hot Cocoa Cow', 13700000),
      pet('Huge Hot Cocoa Cow', 21000000, { pt: 1 }),
      pet('Huge Hot Cocoa Cow', 5, { tn: 1 }),
      pet('Huge Imaginary Yeti', 1000),
    ],
    exists: [pet('Huge Hot Cocoa Cow', 81), pet('Huge Hot Cocoa Cow', 7, { pt: 1 })],
  },
  petsgo: { rap: [pet('Titanic Cat', 5000000)], exists: [pet('Titanic Cat', 3)] },
}

/** The URLs the e2e servers are given (playwright.config.ts). */
export const PRICE_API_ORIGIN = `http://127.0.0.1:${E2E_PORTS.priceApi}`
