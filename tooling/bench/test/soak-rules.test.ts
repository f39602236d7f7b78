import { describe, expect, it } from 'vitest';
import { judgeErrors, judgeMemory, judgeP99, memoryFigures, slopePerMinute } from '../src/soak-rules.ts';
import { percentile } from '../src/soak-tally.ts';

const minutes = (...rss: number[]) => rss.map((value, index) => ({ at: index * 60_000, rss: value }));

describe('the soak rules', () => {
  it('allows RSS to end 10 % above its figure at the end of the warm-up, and never less than 20 MB', () => {
    const figures = memoryFigures([
      { name: 'api 1', samples: minutes(300, 290, 329) },
      { name: 'api 2', samples: minutes(300, 331) },
      { name: 'worker 1', samples: minutes(100, 119) },
      { name: 'worker 2', samples: minutes(100, 121) },
    ]);
    expect(figures.map((figure) => [figure.name, figure.allowed, figure.met])).toEqual([
      ['api 1', 30, true],
      ['api 2', 30, false],
      ['worker 1', 20, true],
      ['worker 2', 20, false],
    ]);
    expect(figures[0]).toMatchObject({ atWarmupEnd: 300, atEnd: 329, lowest: 290, highest: 329 });
    const verdict = judgeMemory(figures);
    expect(verdict.met).toBe(false);
    expect(verdict.line).toMatch(/^MISSED: resident memory flat after warm-up \(rule: .*max\(10 %, 20 MB\).*\): api 1 300 MB → 329 MB \(\+29, allowed \+30\)/);
    expect(judgeMemory(figures.slice(0, 1)).line).toMatch(/^met: /);
  });

  it('takes the trend of RSS in MB a minute', () => {
    expect(slopePerMinute(minutes(100, 102, 104, 106))).toBeCloseTo(2);
    expect(slopePerMinute(minutes(100))).toBeNaN();
  });

  it('holds the worst p99 to twice the median one', () => {
    expect(judgeP99([10, 12, 20], 'minute')).toMatchObject({ met: true, worst: 20, median: 12 });
    expect(judgeP99([10, 12, 25], 'minute').met).toBe(false);
    expect(judgeP99([10, 30], 'minute')).toMatchObject({ met: true, median: 20 });
    expect(judgeP99([], 'minute').met).toBe(false);
    expect(judgeP99([10, 12, 25], 'minute').line).toBe('MISSED: p99 stable (rule: the worst minute\'s p99 after warm-up at most 2 × the median minute\'s p99): worst 25.0 ms, median 12.0 ms, 2.08 × over 3 minutes');
  });

  it('counts an unexpected answer, an unasked exit and a logged error alike', () => {
    expect(judgeErrors({ requests: 10, errors: 0, exits: 0, loggedErrors: 0 }).met).toBe(true);
    expect(judgeErrors({ requests: 10, errors: 1, exits: 0, loggedErrors: 0 }).met).toBe(false);
    expect(judgeErrors({ requests: 10, errors: 0, exits: 1, loggedErrors: 0 }).met).toBe(false);
    expect(judgeErrors({ requests: 10, errors: 0, exits: 0, loggedErrors: 1 }).met).toBe(false);
    expect(judgeErrors({ requests: 0, errors: 0, exits: 0, loggedErrors: 0 }).met).toBe(false);
  });

  it('reads percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
