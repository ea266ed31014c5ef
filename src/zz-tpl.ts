import { PGlite } from '@electric-sql/pglite'
import { openDatabase } from '@/server/db/client'
import { readCatalog } from '@/server/features/catalog/catalog-file'
import { importCatalog } from '@/server/features/catalog/import'
import { catalogDir } from '@/server/lib/paths'
let t = Date.now()
const d = await openDatabase({ kind: 'pglite' })
const t1 = Date.now() - t; t = Date.now()
await d.migrate()
const t2 = Date.now() - t; t = Date.now()
await importCatalog(d.db, await readCatalog(catalogDir))
const t3 = Date.now() - t; t = Date.now()
const client = (d.db as any).$client as PGlite
const dump = await client.dumpDataDir('none')
const t4 = Date.now() - t; t = Date.now()
const c2 = new PGlite({ loadDataDir: dump })
await c2.waitReady
await c2.query('select count(*) from items')
const t5 = Date.now() - t
console.log({ open: t1, migrate: t2, catalog: t3, dump: t4, load: t5, size: dump.size })
