import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';

/**
 * What React's pipe() writes to. React emits a page as many 4 KB writes and calls
 * flush() when a batch of work is done; handing each write to the socket costs about as
 * much as rendering (docs/performance.md "What was learned"). We keep the writes until flush()
 * and send them as one buffer a microtask later. When React finishes the page in the
 * same batch (nothing suspended), end() arrives first and the page goes out as one
 * buffer with a Content-Length, as renderToString would; a suspended boundary still
 * streams as soon as React flushes it.
 */
export class CoalescingWritable extends EventEmitter {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private needsDrain = false;
  private scheduled = false;
  private ended = false;

  constructor(private readonly res: ServerResponse) {
    super();
    res.on('drain', () => {
      this.needsDrain = false;
      this.emit('drain');
    });
    res.on('error', (error) => this.emit('error', error));
    res.on('close', () => this.emit('close'));
  }

  write(chunk: Uint8Array | string): boolean {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.chunks.push(bytes);
    this.size += bytes.byteLength;
    return !this.needsDrain;
  }

  flush(): void {
    if (this.size === 0 || this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      if (!this.ended) this.send();
    });
  }

  end(): void {
    this.ended = true;
    if (!this.res.headersSent && !this.res.hasHeader('Content-Length')) {
      const body = this.take();
      this.res.setHeader('Content-Length', body.byteLength);
      this.res.end(body);
      return;
    }
    this.send();
    this.res.end();
  }

  destroy(error?: Error): void {
    this.chunks = [];
    this.size = 0;
    this.res.destroy(error);
  }

  private take(): Uint8Array {
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    return body;
  }

  private send(): void {
    if (this.size === 0) return;
    if (!this.res.write(this.take())) this.needsDrain = true;
    // Under compression, push what React flushed out of the compressor now, not at the end.
    (this.res as { flush?: () => void }).flush?.();
  }
}
