// E-mails to buyers' records and audience (docs/emails.md).
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { startMembership, type Membership } from '../../../domain/membership';
import {
  activeMemberMailboxes,
  audienceMembers,
  everyBuyer,
  keptProducts,
  readMailingAudience,
  readMailingRecipient,
  readMailingRecord,
  readMinuteCount,
  readSequence,
  type AudienceSale,
} from '../../../domain/mailings';

const sale = (overrides: Partial<AudienceSale>): AudienceSale => ({
  email: 'ada@example.com',
  productId: 'ebook',
  currency: 'NGN',
  purchasedAt: new Date('2026-11-10T12:00:00Z'),
  refunded: false,
  ...overrides,
});

describe('readMailingRecord', () => {
  it('reads a missing record as an empty draft to nobody in particular', () => {
    expect(readMailingRecord(undefined)).toEqual({
      subject: '',
      body: '',
      audience: { boughtAny: [], notBought: [], from: null, to: null, currency: null, activeMembers: false },
      status: 'draft',
      scheduledAtMs: null,
      startedAtMs: null,
      finishedAtMs: null,
      counts: { recipients: 0, sent: 0, failed: 0, skipped: 0 },
      createdBy: '',
      createdAtMs: null,
    });
  });

  it('reads a stored mailing as it is', () => {
    expect(
      readMailingRecord({
        subject: 'New chapter',
        body: '# Hello',
        audience: {
          boughtAny: ['a', 'b'],
          notBought: ['c'],
          from: '2026-11-01',
          to: '2026-11-30',
          currency: 'USD',
          activeMembers: true,
        },
        status: 'sending',
        scheduledAt: Timestamp.fromMillis(1_000),
        startedAt: Timestamp.fromMillis(2_000),
        counts: { recipients: 10, sent: 4, failed: 1, skipped: 2 },
        createdBy: 'uid-1',
        createdAt: Timestamp.fromMillis(500),
      }),
    ).toEqual({
      subject: 'New chapter',
      body: '# Hello',
      audience: {
        boughtAny: ['a', 'b'],
        notBought: ['c'],
        from: '2026-11-01',
        to: '2026-11-30',
        currency: 'USD',
        activeMembers: true,
      },
      status: 'sending',
      scheduledAtMs: 1_000,
      startedAtMs: 2_000,
      finishedAtMs: null,
      counts: { recipients: 10, sent: 4, failed: 1, skipped: 2 },
      createdBy: 'uid-1',
      createdAtMs: 500,
    });
  });

  it('reads mistyped fields as their defaults', () => {
    const read = readMailingRecord({
      subject: 3,
      status: 'exploded',
      counts: { recipients: -1, sent: 1.5, failed: '2' },
      audience: { boughtAny: 'ebook', from: '1 Nov', currency: 'EUR', notBought: [1, 'x', 'x'], activeMembers: 'yes' },
      scheduledAt: '2026-11-01T00:00:00Z',
    });
    expect(read.subject).toBe('');
    expect(read.status).toBe('draft');
    expect(read.counts).toEqual({ recipients: 0, sent: 0, failed: 0, skipped: 0 });
    expect(read.audience).toEqual({
      boughtAny: [],
      notBought: ['x'],
      from: null,
      to: null,
      currency: null,
      activeMembers: false,
    });
    expect(read.scheduledAtMs).toBeNull();
  });
});

describe('readMailingRecipient', () => {
  it('reads a queued recipient and a skipped one', () => {
    expect(readMailingRecipient({ email: 'ada@example.com', status: 'queued' })).toEqual({
      email: 'ada@example.com',
      status: 'queued',
      reason: null,
      saleIds: [],
      claimId: null,
      claimedAtMs: null,
      sentAtMs: null,
    });
    expect(
      readMailingRecipient({
        email: 'bo@example.com',
        status: 'skipped',
        reason: 'bounced',
        saleIds: ['paystack_T-1', 7, 'paystack_T-2'],
        claimId: 'c-1',
        claimedAt: Timestamp.fromMillis(7),
      }),
    ).toEqual({
      email: 'bo@example.com',
      status: 'skipped',
      reason: 'bounced',
      saleIds: ['paystack_T-1', 'paystack_T-2'],
      claimId: 'c-1',
      claimedAtMs: 7,
      sentAtMs: null,
    });
    expect(readMailingRecipient({ status: 'lost' }).status).toBe('queued');
  });
});

describe('readMinuteCount', () => {
  it('reads a minute without a count as none sent', () => {
    expect(readMinuteCount(undefined)).toBe(0);
    expect(readMinuteCount({ sent: 'many' })).toBe(0);
    expect(readMinuteCount({ sent: 42 })).toBe(42);
  });
});

describe('readMailingAudience', () => {
  it('refuses impossible days', () => {
    expect(readMailingAudience({ from: '2026-13-40', to: '2026-02-01' })).toMatchObject({
      from: null,
      to: '2026-02-01',
    });
  });
});

describe('audienceMembers', () => {
  it('takes everyone who bought, once per mailbox, with the address of their newest purchase', () => {
    const sales = [
      sale({ email: 'Ada@Example.com', purchasedAt: new Date('2026-11-01T10:00:00Z') }),
      sale({ email: 'ada+books@example.com', productId: 'course', purchasedAt: new Date('2026-11-05T10:00:00Z') }),
      sale({ email: 'b.o@gmail.com' }),
      sale({ email: 'bo@googlemail.com', purchasedAt: new Date('2026-10-01T10:00:00Z') }),
    ];
    expect(audienceMembers(sales, everyBuyer)).toEqual([
      { mailbox: 'ada@example.com', email: 'ada+books@example.com' },
      { mailbox: 'bo@gmail.com', email: 'b.o@gmail.com' },
    ]);
  });

  it('takes buyers of any of the products, and leaves out buyers of the excluded ones', () => {
    const sales = [
      sale({ email: 'a@example.com', productId: 'ebook' }),
      sale({ email: 'b@example.com', productId: 'course' }),
      sale({ email: 'c@example.com', productId: 'template' }),
      sale({ email: 'd@example.com', productId: 'ebook' }),
      sale({ email: 'd@example.com', productId: 'bundle' }),
    ];
    const audience = { ...everyBuyer, boughtAny: ['ebook', 'course'], notBought: ['bundle'] };
    expect(audienceMembers(sales, audience).map((member) => member.email)).toEqual(['a@example.com', 'b@example.com']);
  });

  it('reads the dates as whole Lagos days', () => {
    const sales = [
      // 23:30 UTC on 31 October is 00:30 on 1 November in Lagos: inside.
      sale({ email: 'early@example.com', purchasedAt: new Date('2026-10-31T23:30:00Z') }),
      // 22:59 UTC on 31 October is still 31 October in Lagos: outside.
      sale({ email: 'before@example.com', purchasedAt: new Date('2026-10-31T22:59:00Z') }),
      // 22:59 UTC on 30 November is 23:59 on 30 November in Lagos: inside.
      sale({ email: 'late@example.com', purchasedAt: new Date('2026-11-30T22:59:00Z') }),
      // 23:00 UTC on 30 November is 1 December in Lagos: outside.
      sale({ email: 'after@example.com', purchasedAt: new Date('2026-11-30T23:00:00Z') }),
      sale({ email: 'unknown@example.com', purchasedAt: null }),
    ];
    const audience = { ...everyBuyer, from: '2026-11-01', to: '2026-11-30' };
    expect(audienceMembers(sales, audience).map((member) => member.email)).toEqual([
      'early@example.com',
      'late@example.com',
    ]);
  });

  it('takes the buyers who paid in the currency', () => {
    const sales = [
      sale({ email: 'naira@example.com', currency: 'NGN' }),
      sale({ email: 'dollar@example.com', currency: 'USD' }),
    ];
    expect(audienceMembers(sales, { ...everyBuyer, currency: 'USD' })).toEqual([
      { mailbox: 'dollar@example.com', email: 'dollar@example.com' },
    ]);
  });

  it('counts refunded sales for nothing, in either direction', () => {
    const sales = [
      sale({ email: 'refunded@example.com', refunded: true }),
      sale({ email: 'kept@example.com', productId: 'ebook' }),
      sale({ email: 'kept@example.com', productId: 'bundle', refunded: true }),
    ];
    expect(audienceMembers(sales, { ...everyBuyer, notBought: ['bundle'] }).map((member) => member.email)).toEqual([
      'kept@example.com',
    ]);
  });

  it('needs one sale that matches every filter at once', () => {
    const sales = [
      sale({ email: 'mixed@example.com', productId: 'ebook', currency: 'NGN' }),
      sale({ email: 'mixed@example.com', productId: 'course', currency: 'USD' }),
    ];
    expect(audienceMembers(sales, { ...everyBuyer, boughtAny: ['ebook'], currency: 'USD' })).toEqual([]);
    expect(audienceMembers(sales, { ...everyBuyer, boughtAny: ['course'], currency: 'USD' })).toHaveLength(1);
  });
});

describe('keptProducts', () => {
  it('is empty for a buyer refunded for everything they bought', () => {
    expect(keptProducts([{ productId: 'a', refunded: true }])).toEqual([]);
    expect(
      keptProducts([
        { productId: 'a', refunded: true },
        { productId: 'b', refunded: false },
      ]),
    ).toEqual(['b']);
  });
});

describe('readSequence', () => {
  it('keeps at most 5 well-formed steps', () => {
    const step = (id: string, afterDays: unknown) => ({ id, afterDays, subject: `S ${id}`, body: 'B' });
    expect(
      readSequence({
        steps: [
          step('a', 1),
          step('bad id', 2),
          step('b', 0),
          step('c', 366),
          step('d', 3),
          step('e', 4),
          step('f', 5),
          step('g', 6),
          step('h', 7),
        ],
      }).map((kept) => kept.id),
    ).toEqual(['a', 'd', 'e', 'f', 'g']);
    expect(readSequence(undefined)).toEqual([]);
    expect(readSequence({ steps: 'none' })).toEqual([]);
  });
});

describe('members whose membership is active', () => {
  const plan = (email: string, overrides: Partial<Membership> = {}): Membership => ({
    ...startMembership({
      id: `plan-${email}`,
      productId: 'signals',
      kind: 'membership',
      interval: 'monthly',
      instalmentCount: null,
      currency: 'NGN',
      amountMinor: 500_000,
      customer: { name: 'A buyer', email },
      emailKey: email,
      renewal: 'card',
      firstTransactionId: `paystack_${email}`,
      paidAt: new Date('2026-11-01T09:00:00Z'),
    }),
    ...overrides,
  });
  const at = new Date('2026-11-20T12:00:00Z');

  it('counts active and past-due plans in their grace and cancelled ones until their paid period ends', () => {
    const mailboxes = activeMemberMailboxes(
      [
        plan('Ada+vip@Example.com'),
        plan('bo@example.com', { status: 'cancelled', cancelledAt: '2026-11-05T00:00:00.000Z' }),
        plan('cy@example.com', { status: 'ended', endedAt: '2026-11-15T00:00:00.000Z' }),
        plan('di@example.com', { status: 'cancelled', paidThrough: '2026-11-19T23:00:00.000Z' }),
        plan('ed@example.com', { status: 'pastDue', graceEndsAt: '2026-11-21T00:00:00.000Z' }),
        plan('fe@example.com', { status: 'pastDue', graceEndsAt: '2026-11-20T11:59:59.000Z' }),
        plan('gi@example.com', { kind: 'instalments', instalments: { total: 3, paid: 1 } }),
      ],
      at,
    );
    expect([...mailboxes].sort()).toEqual(['ada@example.com', 'bo@example.com', 'ed@example.com']);
  });

  it('keeps to the buyers among the members, with the other filters still holding', () => {
    const sales = [
      sale({ email: 'ada@example.com', productId: 'signals' }),
      sale({ email: 'bo@example.com', productId: 'ebook', currency: 'USD' }),
      sale({ email: 'cy@example.com', productId: 'signals' }),
    ];
    const members = new Set(['ada@example.com', 'bo@example.com']);
    const only = { ...everyBuyer, activeMembers: true };
    expect(audienceMembers(sales, only, members).map((member) => member.email)).toEqual([
      'ada@example.com',
      'bo@example.com',
    ]);
    expect(audienceMembers(sales, { ...only, currency: 'NGN' }, members).map((member) => member.email)).toEqual([
      'ada@example.com',
    ]);
    expect(audienceMembers(sales, everyBuyer, members)).toHaveLength(3);
    expect(audienceMembers(sales, only)).toEqual([]);
  });
});
