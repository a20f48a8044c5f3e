import { PassThrough } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CoalescingWritable } from '../../../server/web/render/coalescing-writable';

function fakeResponse() {
  const writes: Buffer[] = [];
  const stream = new PassThrough();
  const res = Object.assign(stream, {
    write(chunk: Buffer) {
      writes.push(Buffer.from(chunk));
      return true;
    },
  }) as unknown as ServerResponse;
  return { res, writes };
}

describe('CoalescingWritable', () => {
  it('sends the writes between two flushes as one buffer, in order', () => {
    const { res, writes } = fakeResponse();
    const out = new CoalescingWritable(res);
    out.write(Buffer.from('<html>'));
    out.write('<body>');
    out.write(new Uint8Array([0x68, 0x69]));
    expect(writes).toHaveLength(0);
    out.flush();
    out.write('</body>');
    out.flush();
    expect(writes.map((b) => b.toString())).toEqual(['<html><body>hi', '</body>']);
  });

  it('flushes what is left on end, and tells React when the socket needs draining', () => {
    const writes: string[] = [];
    let ended = false;
    const stream = new PassThrough();
    const res = Object.assign(stream, {
      write(chunk: Buffer) {
        writes.push(Buffer.from(chunk).toString());
        return false;
      },
      end() {
        ended = true;
        return this;
      },
    }) as unknown as ServerResponse;
    const out = new CoalescingWritable(res);
    out.write('a');
    out.flush();
    expect(out.write('b')).toBe(false);
    let drained = false;
    out.on('drain', () => (drained = true));
    (res as unknown as PassThrough).emit('drain');
    expect(drained).toBe(true);
    expect(out.write('c')).toBe(true);
    out.end();
    expect(writes).toEqual(['a', 'bc']);
    expect(ended).toBe(true);
  });
});
