// The memberships sweep (docs/memberships.md, 'The sweep'), run on the schedule of the checkout sweeps:
// it ends the plans whose access is over (`endDue`) and tells their buyers, and the seller when a plan
// ended unpaid; then it sends the e-mails plans are owed (`noticesDue`: a failed renewal at once and on
// day 3, a transfer member's link 7 days and 1 day before the period ends, a quarterly or yearly
// renewal 7 days before). Each notice is claimed first, its marks added to the plan's `dunning.sent` in a
// transaction that judges the plan again, so two runs never send it twice; a send that fails gives the
// claim back for the next run. These e-mails are about the buyer's own plan and go whatever their
// marketing choices.
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { lagosLongDate } from '../../domain/lagosDates';
import { accessEndsAt, type Membership, membershipFromData } from '../../domain/membership';
import { noticesDue, type Notice } from '../../domain/membershipNotices';
import { formatMinorPrice } from '../../domain/money';
import { periodWord } from '../../domain/productPricing';
import { paths } from '../../domain/routes';
import type { ServerConfig } from '../config';
import { membershipsCollection, productsCollection } from '../lib/collections';
import {
  accessEndedMail,
  endedUnpaidSellerMail,
  renewalFailedMail,
  renewalSoonMail,
  transferDueMail,
  type PlanNoticeFacts,
} from '../mail/membershipMails';
import type { MailContent } from '../mail/orderMails';
import { membershipRef, membershipToData, readMembership } from './membershipPeriods';
import type { Memberships } from './memberships';
import type { TransferRenewals } from './transferRenewals';

const dayMs = 86_400_000;
/** How far ahead a run looks for periods ending (the earliest notice is 7 days before). */
const horizonDays = 8;
const batch = 200;

export interface MembershipSweepOutcome {
  ended: number;
  sent: number;
  failed: number;
}

export interface MembershipSweepDeps {
  db: Firestore;
  now: () => Date;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<ServerConfig, 'MAIL_FROM' | 'STORE_NAME' | 'SELLER_EMAIL' | 'PUBLIC_STORE_URL'>;
  memberships: Pick<Memberships, 'endDue' | 'manageLink'>;
  transfers: Pick<TransferRenewals, 'linkFor'>;
  logError: (message: string, error: unknown) => void;
}

export function createMembershipSweep(deps: MembershipSweepDeps) {
  const { db, now, mailer, config, memberships, transfers, logError } = deps;
  const origin = config.PUBLIC_STORE_URL.replace(/\/+$/, '');

  async function factsOf(plan: Membership, date: string | null): Promise<PlanNoticeFacts> {
    const title: unknown = (await db.collection(productsCollection).doc(plan.productId).get()).get('title');
    const manageUrl = await memberships.manageLink(plan.id).catch(() => null);
    return {
      name: plan.customer.name,
      productName: typeof title === 'string' && title ? title : 'your membership',
      storeName: config.STORE_NAME,
      amount: formatMinorPrice(plan.amountMinor, plan.currency),
      period: plan.kind === 'instalments' ? 'instalment' : periodWord(plan.interval),
      date: date ? lagosLongDate(date) : '',
      transferUrl: transfers.linkFor(plan.id),
      manageUrl,
      libraryUrl: `${origin}${paths.library}`,
    };
  }

  const send = (to: string, mail: MailContent) => mailer.sendMail({ from: config.MAIL_FROM, to, ...mail });

  async function mailFor(plan: Membership, notice: Notice): Promise<MailContent> {
    switch (notice.kind) {
      case 'renewalFailed':
      case 'renewalFailedAgain':
        return renewalFailedMail(await factsOf(plan, accessEndsAt(plan)), notice.kind === 'renewalFailedAgain');
      case 'transferDue':
        return transferDueMail(await factsOf(plan, plan.paidThrough));
      case 'renewalSoon':
        return renewalSoonMail(await factsOf(plan, plan.paidThrough));
    }
  }

  /** Adds (or takes back) a notice's marks, if the plan still owes it; answers the plan as claimed. */
  async function claim(id: string, notice: Notice, at: Date): Promise<Membership | null> {
    return db.runTransaction(async (t) => {
      const plan = await readMembership(t, db, id);
      if (!plan || !noticesDue(plan, at).some((due) => due.kind === notice.kind)) return null;
      const sent = [...new Set([...plan.dunning.sent, ...notice.marks])];
      t.set(membershipRef(db, id), membershipToData({ ...plan, dunning: { ...plan.dunning, sent } }));
      return plan;
    });
  }

  async function giveBack(id: string, notice: Notice): Promise<void> {
    await db.runTransaction(async (t) => {
      const plan = await readMembership(t, db, id);
      if (!plan) return;
      const sent = plan.dunning.sent.filter((mark) => !notice.marks.includes(mark));
      t.set(membershipRef(db, id), membershipToData({ ...plan, dunning: { ...plan.dunning, sent } }));
    });
  }

  /** The ended plans' e-mails: the buyer's, and the seller's when it ended unpaid (not cancelled). */
  async function announceEnd(plan: Membership, outcome: MembershipSweepOutcome): Promise<void> {
    if (plan.cancelledAt !== null || plan.status !== 'ended') return;
    try {
      const facts = await factsOf(plan, plan.endedAt);
      await send(plan.customer.email, accessEndedMail(facts));
      const dashboardUrl = `${origin}${paths.adminLogin}`;
      await send(
        config.SELLER_EMAIL,
        endedUnpaidSellerMail({ ...facts, buyerEmail: plan.customer.email, dashboardUrl }),
      );
      outcome.sent += 2;
    } catch (error) {
      outcome.failed += 1;
      logError(`Membership ${plan.id}: the e-mails of its end could not be sent`, error);
    }
  }

  return {
    /** One run; `only` keeps the plans of some products (tests on a shared database). */
    async runOnce(only: (productId: unknown) => boolean = () => true): Promise<MembershipSweepOutcome> {
      const outcome: MembershipSweepOutcome = { ended: 0, sent: 0, failed: 0 };
      const ended = await memberships.endDue(only);
      outcome.ended = ended.length;
      for (const plan of ended) await announceEnd(plan, outcome);

      const at = now();
      const horizon = new Date(at.getTime() + horizonDays * dayMs);
      const owing = await db.collection(membershipsCollection).where('nextPaymentAt', '<=', horizon).limit(batch).get();
      for (const doc of owing.docs.filter((found) => only(found.get('productId')))) {
        for (const notice of noticesDue(membershipFromData(doc.id, doc.data()), at)) {
          const plan = await claim(doc.id, notice, at);
          if (!plan) continue;
          try {
            await send(plan.customer.email, await mailFor(plan, notice));
            outcome.sent += 1;
          } catch (error) {
            outcome.failed += 1;
            logError(`Membership ${doc.id}: the ${notice.kind} e-mail could not be sent`, error);
            await giveBack(doc.id, notice);
          }
        }
      }
      return outcome;
    },
  };
}
