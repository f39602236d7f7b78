import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/logger.ts';

describe('createLogger', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('logs at LOG_LEVEL, and at info when it is empty (an empty setting counts as unset)', () => {
    vi.stubEnv('LOG_LEVEL', 'warn');
    expect(createLogger().level).toBe('warn');
    vi.stubEnv('LOG_LEVEL', '');
    expect(createLogger().level).toBe('info');
  });
});
