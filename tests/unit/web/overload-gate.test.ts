import { EventEmitter } from 'node:events';
import type { NextFunction, Request, Response } from 'express';
import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createOverloadGates } from '../../../server/web/http/overload-gate';

// Waiting requests start one per turn of the event loop, first come first served: Node takes
// one new connection per turn, so a queue worked off within one turn kept new connections
// waiting in the kernel for as long as the queue lasted.

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function requestTo(gate: (req: Request, res: Response, next: NextFunction) => void, name: string, started: string[]) {
  const res = Object.assign(new EventEmitter(), { destroyed: false });
  gate({ path: '/page' } as Request, res as unknown as Response, () => started.push(name));
  return { done: () => res.emit('close') };
}

describe('the overload gate', () => {
  it('starts waiting requests one per turn of the event loop, in the order they came, a newcomer behind them', async () => {
    const limits = { maxInFlight: 2, queueMax: 10, queueTimeoutMs: 60_000 };
    const { renders } = createOverloadGates({ renders: limits, apiCalls: limits }, new client.Registry(), () => false);
    const started: string[] = [];
    const [a, b] = [requestTo(renders, 'a', started), requestTo(renders, 'b', started)];
    const waiting = ['c', 'd', 'e'].map((name) => requestTo(renders, name, started));
    expect(started).toEqual(['a', 'b']);

    a.done();
    b.done();
    // Both places are free, but nobody starts in the turn that freed them, and a newcomer
    // queues behind those already waiting.
    requestTo(renders, 'f', started);
    expect(started).toEqual(['a', 'b']);
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c']);
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    // Both places taken (c and d): e and f wait for one.
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    waiting[0]!.done();
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    waiting[1]!.done();
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
