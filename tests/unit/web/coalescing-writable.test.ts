import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CoalescingWritable } from '../../../server/web/render/coalescing-writable';

/** Records what reaches the socket: writes, the final end and headers. */
function fakeResponse(writeReturns = true) {
  const calls: string[] = [];
  const headers: Record<string, unknown> = {};
  const res = Object.assign(new EventEmitter(), {
    headersSent: false,
    write(chunk: Uint8Array) {
      calls.push(`write ${Buffer.from(chunk).toString()}`);
      res.headersSent = true;
      return writeReturns;
    },
    end(chunk?: Uint8Array) {
      calls.push(chunk ? `end ${Buffer.from(chunk).toString()}` : 'end');
      return res;
    },
    setHeader(name: string, value: unknown) {
      headers[name] = value;
    },
    hasHeader(name: string) {
      return name in headers;
    },
    destroy() {},
  });
  return { res: res as unknown as ServerResponse, calls, headers };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('CoalescingWritable', () => {
  it('sends a page React finished in one batch as one buffer with a Content-Length', () => {
    const { res, calls, headers } = fakeResponse();
    const out = new CoalescingWritable(res);
    out.write(Buffer.from('<html>'));
    out.write('<body>');
    out.write(new Uint8Array([0x68, 0x69]));
    out.flush();
    out.end();
    expect(calls).toEqual(['end <html><body>hi']);
    expect(headers['Content-Length']).toBe(14);
  });

  it('streams each flushed batch as one write when more is still to come', async () => {
    const { res, calls, headers } = fakeResponse();
    const out = new CoalescingWritable(res);
    out.write('<html>');
    out.write('<body>shell');
    out.flush();
    await tick();
    out.write('<template>late</template>');
    out.flush();
    await tick();
    out.write('</body>');
    out.end();
    expect(calls).toEqual(['write <html><body>shell', 'write <template>late</template>', 'write </body>', 'end']);
    expect(headers['Content-Length']).toBeUndefined();
  });

  it('tells React when the socket needs draining, and when it drained', async () => {
    const { res } = fakeResponse(false);
    const out = new CoalescingWritable(res);
    out.write('a');
    out.flush();
    await tick();
    expect(out.write('b')).toBe(false);
    let drained = false;
    out.on('drain', () => (drained = true));
    (res as unknown as EventEmitter).emit('drain');
    expect(drained).toBe(true);
    expect(out.write('c')).toBe(true);
  });

  it('passes on the response closing early, so React stops rendering', () => {
    const { res } = fakeResponse();
    const out = new CoalescingWritable(res);
    let closed = false;
    out.on('close', () => (closed = true));
    (res as unknown as EventEmitter).emit('close');
    expect(closed).toBe(true);
  });
});
