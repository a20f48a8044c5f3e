// `npm run dev`: esbuild in watch mode for the client and both servers; the servers
// restart after each server rebuild, the client bundle is rebuilt in place.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { clientOptions, copyPublicFiles, dist, serverOptions, writeClientManifest } from './build';
import { startNodeProcess, waitForUrl, type NodeProcess } from './lib/processes';

let running: NodeProcess[] = [];
let restarting: Promise<void> = Promise.resolve();

async function restart(): Promise<void> {
  await Promise.all(running.map((p) => p.stop()));
  const env = { NODE_ENV: 'development' };
  const api = startNodeProcess('dist/server/api.js', env, { echo: 'api' });
  running = [api];
  await waitForUrl('http://127.0.0.1:4000/readyz', api, 180_000);
  const web = startNodeProcess('dist/server/web.js', env, { echo: 'web' });
  running.push(web);
  await waitForUrl('http://127.0.0.1:3000/healthz', web, 30_000);
  console.log('[dev] ready at http://localhost:3000');
}

const restartOnBuild: esbuild.Plugin = {
  name: 'restart-on-build',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length) return;
      restarting = restarting.then(restart).catch((error: Error) => console.error(`[dev] ${error.message.split('\n')[0]}`));
    });
  },
};

let clientBuilt: () => void;
const firstClientBuild = new Promise<void>((resolve) => (clientBuilt = resolve));

const writeManifest: esbuild.Plugin = {
  name: 'client-manifest',
  setup(build) {
    build.onEnd((result) => {
      if (!result.metafile) return;
      writeClientManifest(result.metafile);
      console.log('[dev] client built');
      clientBuilt();
    });
  },
};

fs.rmSync(dist, { recursive: true, force: true });
fs.mkdirSync(path.join(dist, 'client'), { recursive: true });
copyPublicFiles();
const clientBase = clientOptions();
const client = await esbuild.context({ ...clientBase, minify: false, plugins: [...(clientBase.plugins ?? []), writeManifest] });
await client.watch();
// The servers read the client manifest: start them after the first client build.
await firstClientBuild;
const serverBase = serverOptions();
const server = await esbuild.context({ ...serverBase, plugins: [...(serverBase.plugins ?? []), restartOnBuild] });
await server.watch();

process.on('SIGINT', async () => {
  await Promise.all([client.dispose(), server.dispose()]);
  await Promise.all(running.map((p) => p.stop('SIGINT')));
  process.exit(0);
});
