// Every Firestore collection the API reads or writes, named once (docs/architecture.md, 'Data model').
// A module names a collection by importing it from here; a test fails on a second literal of any of
// these names in server/ (tests/unit/project/collectionNames.test.ts). Names the SPA also reads are
// declared in domain/ and passed on here.
export { catalogIndexCollection } from '../../domain/catalogIndex';
export { discountCodesCollection } from '../../domain/discounts';
export { licenseKeysCollectionName as licenseKeysCollection } from '../../domain/licenseKeys';

/** The sale: transactions/{provider}_{reference} (docs/payments.md, 'The transaction record'). */
export const transactionsCollection = 'transactions';
/** The price the server set for one purchase, its buyer, expiry and status (docs/payments.md). */
export const checkoutsCollection = 'checkouts';
export const productsCollection = 'products';
export const outlinesCollection = 'outlines';
/** A product's private link, files, stamping, limits and key settings (docs/files.md). */
export const deliverablesCollection = 'productDeliverables';
export const adminsCollection = 'admins';
export const accessGrantsCollection = 'accessGrants';

/** A discount code's subcollections (docs/payments.md): a checkout's use, a paid use, a buyer's hold. */
export const reservationsCollection = 'reservations';
export const redemptionsCollection = 'redemptions';
export const holdsCollection = 'holds';

/** A product's course content (docs/courses.md); the download page links to the course when it has lessons. */
export const courseContentCollection = 'courseContent';
export const lessonProgressCollection = 'lessonProgress';
export const certificatesCollection = 'certificates';

export const licensePoolsCollection = 'licensePools';
/** The keys of one product's pool: licensePools/{productId}/keys/{hash}. */
export const licensePoolKeysSubcollection = 'keys';
/**
 * Every key ever added to any product's pool, by its hash (licensePoolKeys/{sha256 of key}: productId),
 * so one read tells whether a key is in some pool already, whichever product's.
 */
export const licensePoolKeysCollection = 'licensePoolKeys';

export const affiliatesCollection = 'affiliates';
/** affiliateClicks/{code}_{yyyy-mm-dd}: {code, day, count}, the day in Lagos. */
export const affiliateClicksCollection = 'affiliateClicks';
/** affiliateClickVisits/{affiliateVisitKey}: {code, day, expiresAt}, a visitor already counted that day. */
export const affiliateClickVisitsCollection = 'affiliateClickVisits';
/** affiliateMailboxes/{key of the mailbox}: {code}, the mailbox's affiliate (the API only). */
export const affiliateMailboxesCollection = 'affiliateMailboxes';
export const commissionsCollection = 'commissions';

export const buyerSessionsCollection = 'buyerSessions';
export const buyerSignInsCollection = 'buyerSignIns';
/** API-only (firestore.rules): an address a stranger typed is nobody else's business. */
export const resendRequestsCollection = 'resendRequests';
export const reminderOptOutsCollection = 'reminderOptOuts';
/** reminderSends/{addressKey}: when the mailbox last got a reminder ({lastSentAt}). */
export const reminderSendsCollection = 'reminderSends';

/** memberships/{id}: a membership or an instalment plan (docs/memberships.md); the API alone writes it. */
export const membershipsCollection = 'memberships';
/** providerPlans/{productId}: the product's plans at Paystack (docs/memberships.md); the API alone. */
export const providerPlansCollection = 'providerPlans';

export const paymentIssuesCollection = 'paymentIssues';
export const providerEventsCollection = 'providerEvents';
export const healthCollection = 'storeHealth';
export const mailFailuresCollection = 'mailFailures';
export const contactMessagesCollection = 'contactMessages';

/** E-mails to buyers (docs/emails.md): the mailing, its fixed audience, the sending rate's minutes. */
export const mailingsCollection = 'mailings';
/** mailings/{id}/recipients/{key of the mailbox}: one address of the audience, claimed once. */
export const mailingRecipientsSubcollection = 'recipients';
/** mailingMinutes/{yyyy-mm-ddTHH:MM}: {sent}, how many mailing e-mails were claimed in that minute. */
export const mailingMinutesCollection = 'mailingMinutes';
/** mailSuppressions/{key of the mailbox}: {reason, at, source}, an address no mailing goes to. */
export const mailSuppressionsCollection = 'mailSuppressions';
/** sequences/{productId}: {steps [{id, afterDays, subject, body}]}, the after-purchase e-mails. */
export const sequencesCollection = 'sequences';
/** sequenceSends/{transactionId}_{stepId}: one step of one sale, claimed once. */
export const sequenceSendsCollection = 'sequenceSends';

/** reviews/{transactionId}: a buyer's review of one purchase (docs/reviews.md); the API alone. */
export const reviewsCollection = 'reviews';
/** productRatings/{productId}: {count, sum} of the product's shown reviews; anyone reads it. */
export const productRatingsCollection = 'productRatings';
