// Real files for two demo products (docs/local-cloud.md), made at seed time so `npm start` shows the whole
// file delivery offline: a multi-page PDF ebook (stamped with the buyer's name when downloaded) and a
// small ZIP of templates. They go into the Cloud Storage stand-in under deliverables/{productId}/ and
// into productDeliverables.files exactly as the API attaches an upload.
import { crc32 } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { Bucket } from '@google-cloud/storage';
import type { Firestore } from 'firebase-admin/firestore';
import type { DeliverableFile } from '../../domain/deliverableFiles';

export const demoPdfProductId = 'demo-freelance-writing';
export const demoZipProductId = 'demo-excel-mastery';

/** A short ebook: a title page and one page per chapter, in a standard font (ASCII text only). */
export async function demoPdf(title: string, chapters: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor('Digital Store Content Team');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const cover = pdf.addPage([420, 595]);
  cover.drawText(title, { x: 40, y: 420, size: 22, font: bold, color: rgb(0.02, 0.46, 0.28), maxWidth: 340 });
  cover.drawText('A demo ebook of the local store', { x: 40, y: 380, size: 12, font: regular });
  for (const [index, chapter] of chapters.entries()) {
    const page = pdf.addPage([420, 595]);
    page.drawText(`Chapter ${index + 1}`, { x: 40, y: 530, size: 11, font: regular, color: rgb(0.4, 0.4, 0.4) });
    page.drawText(chapter, { x: 40, y: 500, size: 18, font: bold, maxWidth: 340 });
    page.drawText('This page stands in for the chapter the seller would upload.', {
      x: 40,
      y: 460,
      size: 11,
      font: regular,
      maxWidth: 340,
      lineHeight: 15,
    });
  }
  return pdf.save();
}

/** A ZIP archive of the given files, stored without compression (small, and any unzip opens it). */
export function demoZip(files: ReadonlyArray<{ name: string; text: string }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = Buffer.from(file.text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0x00210000, 10); // 1 Jan 1980, 00:00
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function put(
  bucket: Bucket,
  productId: string,
  fileId: string,
  name: string,
  contentType: string,
  bytes: Uint8Array,
  order: number,
): Promise<DeliverableFile> {
  const storagePath = `deliverables/${productId}/${fileId}`;
  await bucket.file(storagePath).save(Buffer.from(bytes), { contentType, resumable: false });
  return {
    id: fileId,
    name,
    size: bytes.length,
    contentType,
    storagePath,
    order,
    ...(contentType === 'application/pdf' ? { stampPdf: true } : {}),
  };
}

/** Uploads the demo files and attaches them; returns how many files it attached. */
export async function seedDemoFiles({ db, bucket }: { db: Firestore; bucket: Bucket }): Promise<number> {
  const ebook = await demoPdf('Freelance Writing: Earn From Home', [
    'Finding your niche',
    'Pitching clients who pay',
    'Pricing in naira and dollars',
    'Delivering on time',
    'Getting paid from abroad',
  ]);
  const pdf = await put(
    bucket,
    demoPdfProductId,
    'demo-ebook-pdf',
    'Freelance Writing.pdf',
    'application/pdf',
    ebook,
    0,
  );
  await db.doc(`productDeliverables/${demoPdfProductId}`).set({ files: [pdf], stampPdf: true }, { merge: true });

  const templates = demoZip([
    { name: 'README.txt', text: 'Excel Mastery templates: open the CSV files in Excel or Google Sheets.\n' },
    { name: 'budget.csv', text: 'Month,Income,Expenses\nJanuary,250000,180000\nFebruary,260000,175000\n' },
    { name: 'sales.csv', text: 'Date,Product,Units,Price\n2026-01-05,Ebook,3,7500\n2026-01-06,Course,1,25000\n' },
  ]);
  const zip = await put(
    bucket,
    demoZipProductId,
    'demo-templates-zip',
    'Excel Templates.zip',
    'application/zip',
    templates,
    0,
  );
  // A tool: each sale issues a generated license key, on at most 3 machines (docs/licenses.md).
  await db
    .doc(`productDeliverables/${demoZipProductId}`)
    .set({ files: [zip], licenseKeys: { on: true, activationLimit: 3, source: 'generated' } }, { merge: true });
  return 2;
}
