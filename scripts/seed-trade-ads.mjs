// Fills a PostgreSQL database with open trade ads for the marketplace bench (scripts/lib/seed-trade-ads.mjs:
// 100 traders, COUNT ads (10,000) of Blox Fruits). The built server migrates the database first (started
// and stopped here). `npm run bench` seeds a database of its own the same way; this is for another one.
// Usage: npm run build; DATABASE_URL=postgres://… node scripts/seed-trade-ads.mjs [COUNT]
import pg from 'pg'
import { seedTradeAds } from './lib/seed-trade-ads.mjs'
import { startBuiltServer } from './lib/start-server.mjs'

const url = process.env.DATABASE_URL
if (!url) throw new Error('Set DATABASE_URL to a PostgreSQL database made for the bench')
const count = Number(process.argv[2] ?? 10_000)

const server = await startBuiltServer({ port: 3303 })
await server.stop()

const client = new pg.Client({ connectionString: url })
await client.connect()
try {
  console.log(`seeded ${await seedTradeAds(client, count)} open trade ads`)
} finally {
  await client.end()
}
