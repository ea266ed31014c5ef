// Fills a PostgreSQL database with open trade ads for the marketplace bench: 100 traders, COUNT ads
// (10,000) of Blox Fruits, each offering two fruits and requesting one, listed a second apart.
// The built server migrates the database first (started and stopped here).
// Usage: npm run build; DATABASE_URL=postgres://… node scripts/seed-trade-ads.mjs [COUNT]
//        DATABASE_URL=postgres://… npm run bench -- '/api/trade-ads?game=blox-fruits'
import pg from 'pg'
import { startBuiltServer } from './lib/start-server.mjs'

const url = process.env.DATABASE_URL
if (!url) throw new Error('Set DATABASE_URL to a PostgreSQL database made for the bench')
const count = Number(process.argv[2] ?? 10_000)
const FRUITS = ['kitsune', 'control', 'dough', 'yeti', 'tiger', 'gas', 'spirit', 'venom', 'shadow', 't-rex']

const server = await startBuiltServer({ port: 3303 })
await server.stop()

const client = new pg.Client({ connectionString: url })
await client.connect()
try {
  await client.query('begin')
  await client.query(`
    insert into users (id, name, email, email_verified)
    select 'bench-trader-' || n, '', 'bench-trader-' || n || '@example.com', true from generate_series(1, 100) n
    on conflict do nothing`)
  await client.query(`
    insert into profiles (user_id, username)
    select 'bench-trader-' || n, 'bench_trader_' || n from generate_series(1, 100) n
    on conflict do nothing`)
  const { rows } = await client.query(
    `insert into trade_ads (user_id, game_id, tags, note, hours, signature, listed_at, expires_at)
     select 'bench-trader-' || (1 + n % 100), 'blox-fruits', array['adds'], 'Bench ad ' || n, 48,
            'bench-' || n, now() - make_interval(secs => n), now() + interval '48 hours'
     from generate_series(1, $1::int) n
     returning id`,
    [count],
  )
  const ids = rows.map((r) => r.id)
  await client.query(
    `insert into trade_ad_items (ad_id, side, position, game_id, item_id, variant, quantity)
     select id, side, position, 'blox-fruits', ($2::text[])[1 + (id::int + position + length(side)) % 10], null, 1
     from unnest($1::bigint[]) id,
          (values ('offering', 0), ('offering', 1), ('requesting', 0)) s(side, position)`,
    [ids, FRUITS],
  )
  await client.query('commit')
  // Statistics now, as autovacuum would make them later: the planner's choices for the filters.
  await client.query('analyze trade_ads, trade_ad_items')
  console.log(`seeded ${count} open trade ads`)
} finally {
  await client.end()
}
