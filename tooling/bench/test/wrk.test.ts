import { describe, expect, it } from 'vitest';
import { combineWrk, type WrkResult } from '../src/wrk.ts';

const run = (requests: number, seconds: number, p50Ms: number, p99Ms: number, non2xx = 0): WrkResult => ({
  requests,
  rps: requests / seconds,
  non2xx,
  socketErrors: 0,
  timeouts: 0,
  p50Ms,
  p99Ms,
  maxMs: p99Ms * 2,
});

describe('combineWrk', () => {
  it('adds slices of one scenario: req/s over their whole time, p50 weighted, p99 the worst', () => {
    const combined = combineWrk([run(2_000, 2, 4, 10), run(1_000, 2, 10, 40, 3)]);
    expect(combined.requests).toBe(3_000);
    expect(combined.rps).toBeCloseTo(750);
    expect(combined.p50Ms).toBeCloseTo(6);
    expect(combined.p99Ms).toBe(40);
    expect(combined.maxMs).toBe(80);
    expect(combined.non2xx).toBe(3);
  });

  it('leaves a single run as it is', () => {
    expect(combineWrk([run(500, 2, 3, 9)])).toEqual(run(500, 2, 3, 9));
  });
});
