import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { BUILD_DIR, prepareDataTemplate, startProduct } from '../lib/processes';
import { launchChromium } from '../lib/chromium';

// Issue 31: the first load's main-thread work, per page, in Debian's Chromium without
// throttling (390 × 844, a phone's width): the renderer's script time (Performance.getMetrics'
// ScriptDuration), all its main-thread tasks and the longest of them (from a trace of the load:
// the renderer main thread's RunTask events), and how much of that longest task the thread
// spent on a core (the event's thread time: the rest it waited, on the browser process's
// answers about fonts or for a core), with JavaScript on and off; the median of
// `rounds` loads each. Measured for every build given, side by side in one run: `--main-thread-
// before <dir>` names a build of the code before (`git worktree add ../before <commit>`, then
// `npm run build` there: its dist/) to compare with this checkout's.
//   npm run bench -- --main-thread-only [--main-thread-rounds 5] [--main-thread-before ../before/dist]

export type MainThreadFigures = { scriptMs: number; tasksMs: number; longestTaskMs: number; longestTaskCpuMs: number };
/** One task of the renderer main thread: how long it took, and how much of that the thread ran on a core. */
export type RendererTask = { ms: number; cpuMs: number };
type Build = { label: string; buildDir: string };
type Options = { builds: readonly Build[]; rounds: number; log: (line: string) => void };

const VIEWPORT = { width: 390, height: 844 };
const PAGES = ['/', '/dresses', 'a product page'] as const;

/** The first card's product page on /dresses (ProductCard.tsx links its title to it). */
async function productPath(webUrl: string): Promise<string> {
  const html = await (await fetch(`${webUrl}/dresses`)).text();
  const link = /<h3 class="product-card-title"><a[^>]*href="(\/[^"?#]+)"/.exec(html)?.[1];
  if (!link) throw new Error('no product card on /dresses to take a product page from');
  return link;
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string; beginData?: { url?: string } } };

/**
 * The page's renderer main thread's tasks in a trace (in milliseconds, wall and thread time): the
 * CrRendererMain thread that parsed `pageUrl`'s document. A trace holds other renderers' main
 * threads too, Chromium's own pages among them (a WebUI renderer spent 100 ms evaluating its
 * modules in one load): one of them, when it worked longer than a page without JavaScript,
 * was read as the page. Without a `pageUrl`, or when no thread parsed it, the busiest.
 */
export function rendererTasks(events: readonly TraceEvent[], pageUrl?: string): RendererTask[] {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, RendererTask[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.name !== 'RunTask' || event.ph !== 'X' || !mains.has(thread)) continue;
    byThread.set(thread, [...(byThread.get(thread) ?? []), { ms: (event.dur ?? 0) / 1000, cpuMs: (event.tdur ?? 0) / 1000 }]);
  }
  const parser = pageUrl && events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === pageUrl && mains.has(`${e.pid}:${e.tid}`));
  if (parser) return byThread.get(`${parser.pid}:${parser.tid}`) ?? [];
  const total = (tasks: RendererTask[]) => tasks.reduce((sum, task) => sum + task.ms, 0);
  return [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
}

/**
 * Waits until the page is hydrated and then idle twice: what follows hydration (the catalogue,
 * idle work) counts too. One evaluation in the page that an observer of `data-hydrated` ends:
 * a Playwright locator's wait ran its injected script at every frame and mutation, and the
 * renderer counted that as the page's script (10-15 ms a load; docs/performance.md).
 */
async function hydratedAndIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const root = document.documentElement;
        const idle = () => requestIdleCallback(() => requestIdleCallback(() => resolve()));
        if (root.dataset.hydrated === 'true') return idle();
        const observer = new MutationObserver(() => {
          if (root.dataset.hydrated !== 'true') return;
          observer.disconnect();
          idle();
        });
        observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
      }),
  );
}

async function measureLoad(browser: Browser, url: string, javaScript: boolean): Promise<MainThreadFigures> {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: true, javaScriptEnabled: javaScript });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.goto(url, { waitUntil: 'load' });
  if (javaScript) await hydratedAndIdle(page);
  await page.waitForLoadState('networkidle');
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  await context.close();
  const tasks = rendererTasks(trace.traceEvents, url);
  const longest = tasks.reduce<RendererTask>((a, b) => (b.ms > a.ms ? b : a), { ms: 0, cpuMs: 0 });
  return {
    scriptMs: (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000,
    tasksMs: tasks.reduce((sum, task) => sum + task.ms, 0),
    longestTaskMs: longest.ms,
    longestTaskCpuMs: longest.cpuMs,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runMainThreadBench({ builds, rounds, log }: Options): Promise<void> {
  log(`\n## The first load's main-thread work (issue 31): Chromium unthrottled, ${VIEWPORT.width} × ${VIEWPORT.height}, median of ${rounds} loads`);
  const template = await prepareDataTemplate(1500, BUILD_DIR);
  const browser = await launchChromium();
  // Every build serves at once and their loads alternate, round by round: this machine's speed
  // drifts by a third within minutes, which builds measured one after the other read as theirs.
  const running: { build: Build; product: Awaited<ReturnType<typeof startProduct>>; productPage: string }[] = [];
  const rows = new Map<Build, string[]>(builds.map((build) => [build, []]));
  try {
    for (const build of builds) {
      const product = await startProduct({ template, buildDir: build.buildDir });
      running.push({ build, product, productPage: await productPath(product.webUrl) });
    }
    for (const name of PAGES) {
      for (const javaScript of [true, false]) {
        const url = (one: (typeof running)[number]) => `${one.product.webUrl}${name === 'a product page' ? one.productPage : name}`;
        const runs = new Map<Build, MainThreadFigures[]>(builds.map((build) => [build, []]));
        // One load of each first, not counted: the page cache and the browser's code cache warm.
        for (const one of running) await measureLoad(browser, url(one), javaScript);
        for (let round = 0; round < rounds; round++) {
          for (const one of running) runs.get(one.build)!.push(await measureLoad(browser, url(one), javaScript));
        }
        for (const build of builds) {
          const figure = (key: keyof MainThreadFigures) => `${Math.round(median(runs.get(build)!.map((run) => run[key])))} ms`;
          rows.get(build)!.push(`| ${build.label} | ${name} | ${javaScript ? 'on' : 'off'} | ${figure('scriptMs')} | ${figure('tasksMs')} | ${figure('longestTaskMs')} | ${figure('longestTaskCpuMs')} |`);
        }
      }
    }
  } finally {
    await Promise.all(running.map((one) => one.product.stop()));
    await browser.close();
    fs.rmSync(template, { recursive: true, force: true });
  }
  log('| build | page | JavaScript | script | all main-thread tasks | longest task | of it on a core |');
  log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const build of builds) for (const row of rows.get(build)!) log(row);
}
