import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  generateDemoCatalog,
  startApiProcess,
  startWebProcess,
  tempDataDir,
  type RunningService,
} from '../../scripts/lib/processes';
import { startBalancer, type Balancer } from '../support/haproxy';
import { pollUntil } from '../support/poll';
import { createPostgresDatabase } from '../support/postgres';
import { TEST_BUILD_DIR } from '../support/test-build';
import * as SEARCH_API from '../../shared/api/search-paths';
import { SITE_CONTENT_API } from '../../shared/api/site-content-paths';

// Two webs and two apis behind a real load balancer (HAProxy: README "Several instances"),
// under steady load, while one web and then every api, one by one (issue 30: a rolling
// restart of the api pool), are restarted as a deploy does it: SIGTERM, wait for the exit,
// start it again. Not one request may fail: a stopping instance
// stops listening at once (the balancer sends new connections elsewhere), answers what it
// has in flight, closes each kept connection as it goes idle (so it exits at once rather
// than after its shutdown timeout), and a restarted api takes traffic once it is ready.

const XSRF_SECRET = 'shared-by-every-web-instance-0123456789';
/** Far beyond the test: only closing idle connections lets an instance exit in time. */
const SHUTDOWN = { SHUTDOWN_TIMEOUT_MS: '600000' };
/** Requests the load makes at once. */
const CONCURRENCY = 6;

let database: { url: string; drop(): Promise<void> };
let balancer: Balancer;
const apis: RunningService[] = [];
const webs: RunningService[] = [];
const dirs: string[] = [];
let apiPorts: number[];
let webPorts: number[];

const apiEnv = (dir: string, demo: boolean) => ({ DATABASE_URL: database.url, DATA_DIR: dir, DEMO_CATALOG: String(demo), ...SHUTDOWN });
const webEnv = () => ({ XSRF_SECRET, ...SHUTDOWN });

beforeAll(async () => {
  database = await createPostgresDatabase();
  apiPorts = [await freePort(), await freePort()];
  webPorts = [await freePort(), await freePort()];
  balancer = await startBalancer([
    { name: 'apis', healthPath: '/readyz', servers: apiPorts.map((port, i) => ({ name: `api${i + 1}`, port })) },
    { name: 'webs', healthPath: '/healthz', servers: webPorts.map((port, i) => ({ name: `web${i + 1}`, port })) },
  ]);
  // The first api loads a small demo catalogue; the second starts on the same database once it is in.
  const [first, second] = [tempDataDir(), tempDataDir()];
  dirs.push(first, second);
  generateDemoCatalog(first, 120, TEST_BUILD_DIR);
  apis.push(await startApiProcess(apiEnv(first, true), TEST_BUILD_DIR, undefined, apiPorts[0]));
  apis.push(await startApiProcess(apiEnv(second, false), TEST_BUILD_DIR, undefined, apiPorts[1]));
  for (const port of webPorts) webs.push(await startWebProcess(balancer.url('apis'), webEnv(), TEST_BUILD_DIR, port));
}, 180_000);

afterAll(async () => {
  await Promise.all([...webs, ...apis].map((s) => s.proc.stop('SIGKILL')));
  await balancer?.stop();
  await database?.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

type Outcome = { ok: number; failed: string[] };

/** GETs through the balancer's front for the webs, CONCURRENCY at once, until `stop()`: pages and gateway calls. */
function steadyLoad(front: string) {
  const outcome: Outcome = { ok: 0, failed: [] };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const paths = ['/dresses', `${SEARCH_API.list}?link=/dresses&perPage=4`, '/tops?page=2', SITE_CONTENT_API.country('gb'), '/'];
  let running = true;
  const get = (path: string) =>
    new Promise<void>((resolve) => {
      const req = http.get(`${front}${path}`, { agent, headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.once('end', () => {
          if (res.statusCode === 200) outcome.ok++;
          // Who refused, and why: the balancer's page or ours.
          else outcome.failed.push(`${path}: ${res.statusCode} ${body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').slice(0, 120)}`);
          resolve();
        });
      });
      req.once('error', (error) => {
        outcome.failed.push(`${path}: ${error.message}`);
        resolve();
      });
    });
  const loops = Array.from({ length: CONCURRENCY }, async (_, n) => {
    for (let i = n; running; i++) await get(paths[i % paths.length]!);
  });
  return {
    outcome,
    /** Resolves once `count` more requests have been answered 200. */
    answered: (count: number) => {
      const target = outcome.ok + count;
      return pollUntil(`${count} more answers`, async () => (outcome.ok >= target ? true : undefined), 60_000, 20);
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** SIGTERM, and the exit code once the instance has drained. */
async function stopGracefully(service: RunningService): Promise<number | null> {
  service.proc.child.kill('SIGTERM');
  return service.proc.exited;
}

describe('two webs and two apis behind a load balancer', () => {
  it('lose no request while one web and then each api in turn restart under steady load', async () => {
    const load = steadyLoad(balancer.url('webs'));
    try {
      await load.answered(60);

      expect(await stopGracefully(webs[0]!)).toBe(0);
      await load.answered(30);
      webs[0] = await startWebProcess(balancer.url('apis'), webEnv(), TEST_BUILD_DIR, webPorts[0]);
      await load.answered(60);

      // The api pool, one instance at a time: the next stops once the balancer sends the one
      // restarted before it requests again (its request log, at info, names them).
      for (const [i, port] of apiPorts.entries()) {
        expect(await stopGracefully(apis[i]!)).toBe(0);
        await load.answered(30);
        const restarted = await startApiProcess({ ...apiEnv(dirs[i]!, false), LOG_LEVEL: 'info' }, TEST_BUILD_DIR, undefined, port);
        apis[i] = restarted;
        await pollUntil(`api ${i + 1} serving through the balancer`, async () => (restarted.proc.output().includes('"url":"/api/') ? true : undefined), 60_000, 20);
        await load.answered(60);
      }
    } finally {
      await load.stop();
    }
    expect(load.outcome.failed).toEqual([]);
  });
});
