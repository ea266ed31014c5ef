// Open trade ads for the marketplace bench: 100 traders and `count` ads of Blox Fruits, each offering two
// fruits and requesting one, listed a second apart. `query(text, params)` is a node-postgres client's or
// a PGlite's (the same SQL on both); the database has been migrated by the built server first.
// Used by scripts/seed-trade-ads.mjs and scripts/bench.mjs.

const FRUITS = ['kitsune', 'control', 'dough', 'yeti', 'tiger', 'gas', 'spirit', 'venom', 'shadow', 't-rex']

/** Seeds `count` open ads in one transaction, then analyzes the tables; resolves to `count`. */
export async function seedTradeAds(db, count = 10_000) {
  await db.query('begin')
  try {
    await db.query(`
      insert into users (id, name, email, email_verified)
      select 'bench-trader-' || n, '', 'bench-trader-' || n || '@example.com', true from generate_series(1, 100) n
      on conflict do nothing`)
    await db.query(`
      insert into profiles (user_id, username)
      select 'bench-trader-' || n, 'bench_trader_' || n from generate_series(1, 100) n
      on conflict do nothing`)
    const { rows } = await db.query(
      `insert into trade_ads (user_id, game_id, tags, note, hours, signature, listed_at, expires_at)
       select 'bench-trader-' || (1 + n % 100), 'blox-fruits', array['adds'], 'Bench ad ' || n, 48,
              'bench-' || n, now() - make_interval(secs => n), now() + interval '48 hours'
       from generate_series(1, $1::int) n
       returning id`,
      [count],
    )
    const ids = rows.map((r) => String(r.id))
    await db.query(
      `insert into trade_ad_items (ad_id, side, position, game_id, item_id, variant, quantity)
       select id, side, position, 'blox-fruits', ($2::text[])[1 + (id::int + position + length(side)) % 10], null, 1
       from unnest($1::bigint[]) id,
            (values ('offering', 0), ('offering', 1), ('requesting', 0)) s(side, position)`,
      [ids, FRUITS],
    )
    await db.query('commit')
  } catch (error) {
    await db.query('rollback')
    throw error
  }
  // Statistics now, as autovacuum would make them later: the planner's choices for the filters.
  await db.query('analyze trade_ads, trade_ad_items')
  return count
}
