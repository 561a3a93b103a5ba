import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../../server/lib/rateLimiter';

function clock(start = 1_000_000) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('createRateLimiter', () => {
  it('allows up to the limit inside the window and refuses the next', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: time.now });
    expect(limiter.hit('1.2.3.4')).toEqual({ allowed: true, remaining: 2 });
    time.advance(1_000);
    expect(limiter.hit('1.2.3.4')).toEqual({ allowed: true, remaining: 1 });
    time.advance(1_000);
    expect(limiter.hit('1.2.3.4')).toEqual({ allowed: true, remaining: 0 });
    time.advance(1_000);
    // The oldest attempt (at +0 s) leaves the window at +60 s; it is now +3 s.
    expect(limiter.hit('1.2.3.4')).toEqual({ allowed: false, retryAfterMs: 57_000 });
  });

  it('allows again once the window has passed', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: time.now });
    limiter.hit('1.2.3.4');
    limiter.hit('1.2.3.4');
    expect(limiter.hit('1.2.3.4').allowed).toBe(false);
    time.advance(59_999);
    expect(limiter.hit('1.2.3.4')).toEqual({ allowed: false, retryAfterMs: 1 });
    time.advance(1);
    expect(limiter.hit('1.2.3.4')).toEqual({ allowed: true, remaining: 1 });
  });

  it('slides: each attempt leaves the window on its own', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000, now: time.now });
    limiter.hit('a'); // t = 0
    time.advance(6_000);
    limiter.hit('a'); // t = 6 s
    time.advance(4_000); // t = 10 s: the first attempt has left, the second has not
    expect(limiter.hit('a')).toEqual({ allowed: true, remaining: 0 });
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterMs: 6_000 });
  });

  it('does not count refused attempts against the client', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 10_000, now: time.now });
    limiter.hit('a');
    for (let i = 0; i < 5; i += 1) {
      time.advance(1_000);
      expect(limiter.hit('a').allowed).toBe(false);
    }
    time.advance(5_000); // 10 s after the only accepted attempt
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('keeps a separate window per client', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now });
    expect(limiter.hit('1.1.1.1').allowed).toBe(true);
    expect(limiter.hit('1.1.1.1').allowed).toBe(false);
    expect(limiter.hit('2.2.2.2').allowed).toBe(true);
    expect(limiter.hit('2.2.2.2').allowed).toBe(false);
  });

  it('forgets quiet clients and starts them afresh', () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, now: time.now });
    for (let i = 0; i < 100; i += 1) limiter.hit(`client-${i}`);
    time.advance(5_000);
    expect(limiter.hit('client-0')).toEqual({ allowed: true, remaining: 0 });
  });
});
