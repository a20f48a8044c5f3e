import { buildDemoCatalog } from './server/api/catalog/demo/generate-demo-catalog';
import { buildDemoHistory, writeHistoryTsv } from './server/api/catalog/demo/demo-history';
import { FULL_DEMO, SMALL_DEMO } from './server/api/catalog/demo/demo-world';
for (const o of [SMALL_DEMO, FULL_DEMO]) {
  const { products } = buildDemoCatalog(o);
  const t = performance.now();
  const h = buildDemoHistory(products, o.seed, 365);
  const t2 = performance.now();
  const text = writeHistoryTsv(h.rows);
  const pairs = new Set(h.rows.map(r => r.store + r.itemId + r.country)).size;
  console.log(o.products, 'rows', h.rows.length, 'pairs', pairs, 'bytes', Buffer.byteLength(text), 'inflated', h.inflated.length, 'ms', Math.round(t2 - t), Math.round(performance.now() - t2));
  const per = new Map<number, number>(); const c = new Map<string, number>();
  for (const r of h.rows) { const k = r.store + r.itemId + r.country; c.set(k, (c.get(k) ?? 0) + 1); }
  for (const n of c.values()) per.set(n, (per.get(n) ?? 0) + 1);
  console.log([...per].sort((a, b) => a[0] - b[0]).join(' '));
}
