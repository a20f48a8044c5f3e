// `npm run dev`: esbuild in watch mode for the client and both servers; the servers
// restart after each server rebuild, the client bundle is rebuilt in place.
import path from 'node:path';
import * as esbuild from 'esbuild';
import { clientOptions, copyPublicFiles, dist, root, serverOptions, writeClientManifest } from './build';
import { startService, stopServices, waitUntilReady, type Service } from './lib/services';
import fs from 'node:fs';

let services: Service[] = [];
let restarting: Promise<void> = Promise.resolve();

async function restart(): Promise<void> {
  await stopServices(services);
  const api = startService(root, 'api', { NODE_ENV: 'development' });
  services = [api];
  await waitUntilReady('http://127.0.0.1:4000/readyz', api, 180_000);
  services.push(startService(root, 'web', { NODE_ENV: 'development' }));
  console.log('[dev] ready at http://localhost:3000');
}

const reportAndRestart: esbuild.Plugin = {
  name: 'restart-on-build',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length) return;
      restarting = restarting.then(restart).catch((error: Error) => console.error(`[dev] ${error.message}`));
    });
  },
};

const writeManifest: esbuild.Plugin = {
  name: 'client-manifest',
  setup(build) {
    build.onEnd((result) => {
      if (result.metafile) {
        writeClientManifest(result.metafile);
        console.log('[dev] client rebuilt');
      }
    });
  },
};

fs.rmSync(dist, { recursive: true, force: true });
fs.mkdirSync(path.join(dist, 'client'), { recursive: true });
copyPublicFiles();
const client = await esbuild.context({ ...clientOptions(), minify: false, plugins: [...(clientOptions().plugins ?? []), writeManifest] });
await client.rebuild();
await client.watch();
const server = await esbuild.context({ ...serverOptions(), plugins: [...(serverOptions().plugins ?? []), reportAndRestart] });
await server.watch();

process.on('SIGINT', async () => {
  await Promise.all([client.dispose(), server.dispose()]);
  await stopServices(services, 'SIGINT');
  process.exit(0);
});
