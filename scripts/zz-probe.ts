import { openPgliteDatabase } from '../server/api/db/pglite-database';
import { migrate } from '../server/api/db/migrate';
const db = await openPgliteDatabase(undefined, {});
await migrate(db);
const rows = await db.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
  `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name IN ('stores','brands','products','variants','size_variants','size_variant_prices','feed_states','price_history')
    ORDER BY table_name, ordinal_position`);
for (const r of rows) console.log(r.table_name.padEnd(20), r.column_name.padEnd(28), r.data_type.padEnd(26), r.is_nullable, r.column_default ?? '');
const idx = await db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename IN ('products','variants','size_variants','size_variant_prices') ORDER BY tablename`);
for (const r of idx) console.log(r.indexdef);
const trg = await db.query<{ tgname: string; rel: string }>(`SELECT tgname, tgrelid::regclass::text AS rel FROM pg_trigger WHERE NOT tgisinternal`);
console.log(trg);
await db.close();
