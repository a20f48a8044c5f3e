import { describe, expect, it } from 'vitest';
import { rendererTasks } from '../../../scripts/bench/main-thread-bench';

// The main-thread bench (issue 31) reads a load's tasks off a Chromium trace: the RunTask
// events of the renderer main thread that parsed the page (a trace also holds the browser's
// threads, and other renderers' main threads: Chromium's own pages, a spare renderer), each
// with its wall time and its thread time (how long the thread ran on a core).

const thread = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid, args: { name } });
const task = (pid: number, tid: number, ms: number, name = 'RunTask', cpuMs = ms / 2) => ({ name, ph: 'X', pid, tid, dur: ms * 1000, tdur: cpuMs * 1000 });

describe('the renderer tasks of a trace', () => {
  it('are the RunTask events of the busiest CrRendererMain thread, in milliseconds of wall and thread time', () => {
    const events = [
      thread(1, 1, 'CrBrowserMain'),
      thread(2, 7, 'CrRendererMain'),
      thread(3, 9, 'CrRendererMain'),
      thread(2, 8, 'Compositor'),
      task(1, 1, 500),
      task(2, 7, 30, 'RunTask', 29.5),
      task(2, 7, 61.5, 'RunTask', 20.25),
      task(2, 7, 12, 'FunctionCall'),
      task(2, 8, 90),
      task(3, 9, 40),
    ];
    expect(rendererTasks(events)).toEqual([
      { ms: 30, cpuMs: 29.5 },
      { ms: 61.5, cpuMs: 20.25 },
    ]);
  });

  it('are those of the thread that parsed the page, busiest or not', () => {
    const parse = (pid: number, tid: number, url: string) => ({ name: 'ParseHTML', ph: 'X', pid, tid, dur: 1000, args: { beginData: { url } } });
    const events = [
      thread(2, 7, 'CrRendererMain'),
      thread(3, 9, 'CrRendererMain'),
      // Chromium's own page, busier than a page without JavaScript.
      task(2, 7, 100),
      task(3, 9, 20),
      task(3, 9, 45),
      parse(3, 9, 'http://localhost:4000/dresses'),
      parse(2, 7, 'chrome://new-tab-page/'),
    ];
    expect(rendererTasks(events, 'http://localhost:4000/dresses')).toEqual([
      { ms: 20, cpuMs: 10 },
      { ms: 45, cpuMs: 22.5 },
    ]);
    // A page no thread parsed: the busiest, as without a page.
    expect(rendererTasks(events, 'http://localhost:4000/')).toEqual([{ ms: 100, cpuMs: 50 }]);
  });

  it('are none when the trace has no renderer main thread', () => {
    expect(rendererTasks([thread(1, 1, 'CrBrowserMain'), task(1, 1, 5)])).toEqual([]);
  });
});
