import * as esbuild from 'esbuild';
import { clientOptions } from '../scripts/build';
import { smallChunkPlan } from '../scripts/lib/js-budget';
const out = '/tmp/metabuild';
const first = await esbuild.build({ ...clientOptions(out), write: false });
const r = await esbuild.build({ ...clientOptions(out, smallChunkPlan(first.metafile!, 'client/entry.client.tsx')), write: false });
for (const [file, o] of Object.entries(r.metafile!.outputs)) {
  if (!/product\.route|FollowButton/.test(file) || !file.endsWith('.js')) continue;
  console.log(file, o.bytes);
  for (const [inp, v] of Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 15)) console.log('   ', v.bytesInOutput, inp);
}
