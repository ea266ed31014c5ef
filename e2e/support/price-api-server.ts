// The studio's official price API for the browser tests (src/test/price-api.ts on PRICE_API_PORT): the
// app's PS99_API_URL and PETSGO_API_URL point here, so Import now never reaches the internet.
import { startPriceApi } from '../../src/test/price-api'
import { PRICE_API_FIXTURES } from './price-api'

const api = await startPriceApi({ port: Number(process.env.PRICE_API_PORT ?? 2529) })
for (const [base, lists] of Object.entries(PRICE_API_FIXTURES)) api.serve(base, lists)
// The health check of playwright.config.ts.
api.serve('health', { rap: [], exists: [] })
