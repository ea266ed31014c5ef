import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db } from '@/platform/server/db/client'

/**
 * The database as Better Auth's Drizzle adapter gets it (`transaction: true`), remembering the transaction
 * it opens (sign-up, a provider's new account, a password reset…), and `current()`: that transaction while
 * one is open in this call chain, else the database. Whatever Better Auth calls inside its transactions
 * (database hooks, mail senders) queries `current()`: on PGlite, whose one connection the transaction holds,
 * a query on the database itself would wait forever; on PostgreSQL it would not see the transaction's rows
 * nor roll back with them.
 */
export function trackTransactions(db: Db): { db: Db; current: () => Db } {
  const open = new AsyncLocalStorage<Db>()
  const transaction: Db['transaction'] = (run, config) =>
    db.transaction((tx) => open.run(tx as unknown as Db, () => run(tx)), config)
  const tracked = new Proxy(db, {
    get: (target, property, receiver) =>
      property === 'transaction' ? transaction : Reflect.get(target, property, receiver),
  })
  return { db: tracked, current: () => open.getStore() ?? db }
}
