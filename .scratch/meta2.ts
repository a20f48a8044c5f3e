import * as esbuild from 'esbuild';
import { clientOptions } from '../scripts/build';
import { smallChunkPlan } from '../scripts/lib/js-budget';
const out = '/tmp/metabuild';
const first = await esbuild.build({ ...clientOptions(out), write: false });
const r = await esbuild.build({ ...clientOptions(out, smallChunkPlan(first.metafile!, 'client/entry.client.tsx')), write: false });
for (const [file, o] of Object.entries(r.metafile!.outputs)) {
  if (!/entry\.client|chunk-/.test(file) || !file.endsWith('.js') || o.bytes < 50000) continue;
  console.log(file, o.bytes);
  const byPkg = new Map<string, number>();
  for (const [inp, v] of Object.entries(o.inputs)) { const k = inp.startsWith('node_modules/') ? inp.split('/').slice(0, inp.split('/')[1]!.startsWith('@') ? 3 : 2).join('/') : inp.split('/').slice(0, 3).join('/'); byPkg.set(k, (byPkg.get(k) ?? 0) + v.bytesInOutput); }
  for (const [k, v] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log('   ', v, k);
}
