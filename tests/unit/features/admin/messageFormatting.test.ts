import { describe, expect, it } from 'vitest';
import { formatLagosTime } from '../../../../src/features/admin/dashboard/lagosTime';
import { replyLink } from '../../../../src/features/admin/dashboard/replyLink';

describe('formatLagosTime', () => {
  it.each([
    ['2026-11-01T08:00:00.000Z', '1 Nov 2026, 09:00'],
    // Past midnight in Lagos (UTC+1) while still the day before in UTC.
    ['2026-11-01T23:30:00.000Z', '2 Nov 2026, 00:30'],
    ['2026-12-31T23:59:59.000Z', '1 Jan 2027, 00:59'],
  ])('shows %s as %s', (iso, shown) => {
    expect(formatLagosTime(iso)).toBe(shown);
  });

  it('shows nothing for a missing or broken date', () => {
    expect(formatLagosTime('')).toBe('');
    expect(formatLagosTime('not a date')).toBe('');
  });
});

describe('replyLink', () => {
  it('opens a reply with the subject prefilled', () => {
    expect(replyLink('ada@example.com', 'Digital Store')).toBe(
      'mailto:ada@example.com?subject=Re%3A%20your%20message%20to%20Digital%20Store',
    );
  });

  it('encodes what could end the address or add headers', () => {
    expect(replyLink(' ada+shop@example.com ', 'Shop & Co?')).toBe(
      'mailto:ada%2Bshop@example.com?subject=Re%3A%20your%20message%20to%20Shop%20%26%20Co%3F',
    );
    expect(replyLink('eve@example.com?bcc=victim@example.com', 'Digital Store')).toBe(
      'mailto:eve@example.com%3Fbcc%3Dvictim@example.com?subject=Re%3A%20your%20message%20to%20Digital%20Store',
    );
  });
});
