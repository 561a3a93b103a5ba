// Course certificates (docs/courses.md, 'Certificates'): one PDF per finished purchase, made once and
// kept (certificates/{code} and certificates/{code}.pdf in the bucket), with a code anyone can check
// at /certificates/{code}. Racing requests each draw a PDF, but one transaction decides which is kept;
// the others remove theirs. The public check shows the name, the course, the date and the store only,
// and says a certificate was withdrawn once its sale no longer stands.
import { randomBytes } from 'node:crypto';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { readCertificateRecord } from '../../domain/courses';
import { accessOpen, readSaleRecord } from '../../domain/saleRecord';
import type { CertificateVerification } from '../../domain/courses';
import { lagosDayKey, lagosLongDate } from '../../domain/lagosDates';
import { paths } from '../../domain/routes';
import { embedStoreFont } from '../files/pdfFont';
import type { FileStorage } from '../files/storage';
import { saveCertificatePdf } from './courseStorage';
import { certificatesCollection, transactionsCollection } from '../lib/collections';

/** 'CERT-' and 12 characters of an alphabet without look-alikes: easy to type from paper. */
export const certificateCodePattern = /^CERT-[A-HJ-NP-Z2-9]{12}$/;
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newCertificateCode(): string {
  const bytes = randomBytes(12);
  return `CERT-${[...bytes].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export interface CertificateDetails {
  code: string;
  name: string;
  courseTitle: string;
  completedAt: Date;
  storeName: string;
  verifyUrl: string;
}

/** The certificate page: landscape A4, the buyer's name large, the code and where to check it. */
export async function certificatePdf(details: CertificateDetails): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { font, drawable: safe } = await embedStoreFont(doc);
  doc.setTitle(`Certificate of completion — ${details.courseTitle}`);
  doc.setAuthor(details.storeName);
  doc.setSubject(`${details.name} completed ${details.courseTitle}`);
  const page = doc.addPage([842, 595]);
  const ink = rgb(0.06, 0.09, 0.16);
  const grey = rgb(0.28, 0.33, 0.41);
  const accent = rgb(0.02, 0.46, 0.28);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: accent, borderWidth: 3 });
  const centred = (text: string, y: number, size: number, color = ink) => {
    const shown = safe(text);
    const width = font.widthOfTextAtSize(shown, size);
    const fitted = width > 740 ? (size * 740) / width : size;
    page.drawText(shown, {
      x: (842 - font.widthOfTextAtSize(shown, fitted)) / 2,
      y,
      size: fitted,
      font,
      color,
    });
  };
  centred('Certificate of completion', 470, 30, accent);
  centred('This certifies that', 420, 14, grey);
  centred(details.name, 370, 32);
  centred('has completed the course', 325, 14, grey);
  centred(details.courseTitle, 285, 22);
  centred(`on ${lagosLongDate(details.completedAt)}`, 245, 14, grey);
  centred(details.storeName, 170, 18);
  centred(`Verification code: ${details.code}`, 100, 12, grey);
  centred(`Check it at ${details.verifyUrl}`, 80, 10, grey);
  return doc.save();
}

export interface CertificateRecord {
  code: string;
  storagePath: string;
}

/** The certificate a transaction already has, if any. */
function certificateOf(sale: DocumentSnapshot): CertificateRecord | null {
  return readSaleRecord(sale.data()).certificate;
}

export function createCertificates({
  db,
  storeName,
  storeUrl,
}: {
  db: Firestore;
  storeName: string;
  /** The store's public origin, for the address printed on the certificate. */
  storeUrl: string;
}) {
  const origin = storeUrl.replace(/\/+$/, '');

  /**
   * The purchase's one certificate: the kept one if it has one, else a new one, made once however
   * many requests race.
   */
  const makeOnce = async (
    files: FileStorage,
    purchase: { transactionId: string; productId: string; name: string; courseTitle: string; completedAt: Date },
  ): Promise<CertificateRecord> => {
    const saleRef = db.collection(transactionsCollection).doc(purchase.transactionId);
    const existing = certificateOf(await saleRef.get());
    if (existing) return existing;
    const code = newCertificateCode();
    const pdf = await certificatePdf({
      code,
      name: purchase.name,
      courseTitle: purchase.courseTitle,
      completedAt: purchase.completedAt,
      storeName,
      verifyUrl: `${origin}${paths.certificate(code)}`,
    });
    const storagePath = await saveCertificatePdf(files, code, pdf);
    const keep = () =>
      db.runTransaction(async (t) => {
        const current = certificateOf(await t.get(saleRef));
        if (current) return current;
        t.set(db.collection(certificatesCollection).doc(code), {
          transactionId: purchase.transactionId,
          productId: purchase.productId,
          name: purchase.name,
          courseTitle: purchase.courseTitle,
          completedAt: purchase.completedAt.toISOString(),
          storeName,
          storagePath,
          createdAt: new Date().toISOString(),
        });
        t.update(saleRef, { certificate: { code, storagePath } });
        return { code, storagePath };
      });
    let kept: CertificateRecord;
    try {
      kept = await keep();
    } catch (error) {
      // Racing requests contend for the sale's document, and a transaction can give up after its
      // retries: the request that won has kept its certificate, which is this one's answer too.
      const winner = certificateOf(await saleRef.get());
      if (!winner) {
        await files.deleteObject(storagePath);
        throw error;
      }
      kept = winner;
    }
    // Another request kept its certificate first: this one's PDF goes.
    if (kept.code !== code) await files.deleteObject(storagePath);
    return kept;
  };

  /**
   * What the public check shows; null for a code that names no certificate, 'withdrawn' for one whose
   * sale no longer stands (refunded, revoked by the seller, or under or lost in a payment dispute: the
   * sale's one access switch, docs/payments.md), or whose sale is gone.
   */
  const verify = async (code: string): Promise<CertificateVerification | 'withdrawn' | null> => {
    if (!certificateCodePattern.test(code)) return null;
    const data = (await db.collection(certificatesCollection).doc(code).get()).data();
    if (!data) return null;
    const certificate = readCertificateRecord(data);
    const sale = certificate.transactionId
      ? (await db.collection(transactionsCollection).doc(certificate.transactionId).get()).data()
      : undefined;
    if (!sale || !accessOpen(readSaleRecord(sale))) return 'withdrawn';
    const completedAt = Date.parse(certificate.completedAt);
    return {
      code,
      name: certificate.name,
      courseTitle: certificate.courseTitle,
      completedOn: Number.isFinite(completedAt) ? lagosDayKey(new Date(completedAt)) : '',
      storeName: certificate.storeName ?? storeName,
    };
  };

  return { makeOnce, verify };
}

export type Certificates = ReturnType<typeof createCertificates>;
