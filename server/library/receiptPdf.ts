// A purchase's receipt (docs/library.md, 'Receipts'): made on demand from the transaction record, in the
// store's one PDF font (server/files/pdfFont.ts: it has ₦ and Nigerian letters), never holding an access link: a receipt is
// forwarded to employers and accountants.
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import { lagosLongDateTime } from '../../domain/lagosDates';
import { formatPrice } from '../../domain/money';
import type { SaleRecord } from '../../domain/saleRecord';
import { embedStoreFont } from '../files/pdfFont';

export interface ReceiptStore {
  storeName: string;
  contactEmail: string;
}

/** '22 November 2026 at 10:00 (Lagos time)'; the stored text as it is when it is no date. */
function receiptTime(iso: string): string {
  const shown = lagosLongDateTime(iso);
  return shown ? `${shown} (Lagos time)` : iso;
}

/** The receipt's lines, label and value, in the order they are printed. */
export function receiptRows(sale: SaleRecord, store: ReceiptStore): Array<[string, string]> {
  const { currency, amountPaid, discountCode: code, refund } = sale;
  const listPrice = sale.listPrice > 0 ? sale.listPrice : amountPaid;
  return [
    ['Store', store.storeName],
    ['Store e-mail', store.contactEmail],
    ['Buyer', sale.customerName],
    ['Buyer e-mail', sale.customerEmail],
    ['Product', sale.productName],
    ['List price', formatPrice(listPrice, currency)],
    ['Discount', code ? `-${formatPrice(sale.discountAmount, currency)} (${code})` : 'None'],
    ['Amount paid', formatPrice(amountPaid, currency)],
    ['Currency', currency],
    ['Payment method', sale.paymentMethod],
    ['Provider reference', sale.transactionReference],
    ['Date', receiptTime(sale.paidAt)],
    [
      'Refund',
      refund.refunded > 0
        ? `${formatPrice(refund.refunded, currency)} refunded${refund.at !== null ? ` on ${receiptTime(refund.at)}` : ''}`
        : 'None',
    ],
  ];
}

export async function receiptPdf(transaction: SaleRecord, store: ReceiptStore): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const { font, drawable: safe } = await embedStoreFont(doc);
  doc.setTitle(`Receipt — ${store.storeName}`);
  doc.setAuthor(store.storeName);
  const page = doc.addPage([595, 842]);
  const ink = rgb(0.06, 0.09, 0.16);
  const grey = rgb(0.28, 0.33, 0.41);
  page.drawText(safe(`Receipt — ${store.storeName}`), { x: 56, y: 770, size: 20, font, color: ink });
  let y = 720;
  for (const [label, value] of receiptRows(transaction, store)) {
    page.drawText(safe(label), { x: 56, y, size: 10, font, color: grey });
    const lines = wrap(safe(value), 64);
    for (const line of lines) {
      page.drawText(line, { x: 180, y, size: 10, font, color: ink });
      y -= 16;
    }
    y -= 8;
  }
  page.drawText('Thank you for your purchase.', { x: 56, y: y - 16, size: 11, font, color: grey });
  return doc.save();
}

/** Long values (a product title) over several lines, broken at spaces where they can be. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    const at = cut > 0 ? cut : width;
    lines.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  lines.push(rest);
  return lines;
}
