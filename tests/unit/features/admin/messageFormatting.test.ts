import { describe, expect, it } from 'vitest';
import { replyLink } from '../../../../src/features/admin/dashboard/replyLink';

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
