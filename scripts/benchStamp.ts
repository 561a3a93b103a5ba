// The PDF stamping figure of `npm run bench` (docs/performance.md): a generated 300-page, 50 MB PDF
// stamped in a process of its own, so the peak memory measured is the stamping's alone.
//   tsx scripts/benchStamp.ts             generates the PDF, stamps it, prints the figure and verdict
//   tsx scripts/benchStamp.ts --child F   (used by the above) stamps file F, prints time and peak RSS
import { execFile } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  PDFDocument,
  PDFName,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from '@cantoo/pdf-lib';
import { stampPdf } from '../server/files/pdfStamp';

export const stampBudgets = { pages: 300, inputMb: 50, ms: 3000, peakRssMb: 400 };

export interface StampFigure {
  pages: number;
  inputMb: number;
  outputMb: number;
  /** From reading the file to holding the stamped bytes. */
  ms: number;
  /** The stamping process's resident memory before it read the file, and at its highest. */
  startRssMb: number;
  peakRssMb: number;
}

const mb = (bytes: number) => bytes / (1024 * 1024);

/**
 * A PDF like a large illustrated ebook: `pages` pages, each with a line of text and its own picture
 * of incompressible pixels, about `totalMb` in all.
 */
export async function generateLargePdf(path: string, pages: number, totalMb: number): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const side = Math.ceil(Math.sqrt((totalMb * 1024 * 1024) / pages / 3));
  for (let index = 0; index < pages; index += 1) {
    const page = doc.addPage([595, 842]);
    const pixels = randomFillSync(Buffer.alloc(side * side * 3));
    const image = doc.context.register(
      doc.context.stream(pixels, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    page.node.setXObject(PDFName.of('Im0'), image);
    page.drawText(`Chapter ${Math.floor(index / 10) + 1}, page ${index + 1}`, { x: 60, y: 780, size: 14, font });
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(475, 0, 0, 475, 60, 250),
      drawObject('Im0'),
      popGraphicsState(),
    );
  }
  await writeFile(path, await doc.save({ useObjectStreams: false }));
}

/**
 * This process's own peak resident memory. On Linux that is /proc's high-water mark (VmHWM), which
 * starts afresh with the program: getrusage's maxRSS survives exec, so a child spawned by a large
 * parent (the bench, holding its Lighthouse results) would report at least the parent's size.
 * Elsewhere maxRSS (kilobytes), with that caveat.
 */
function ownPeakRssMb(): number {
  try {
    const highWater = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (highWater?.[1]) return Number(highWater[1]) / 1024;
  } catch {
    // Not Linux.
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** Stamps `path` in this process and answers the figure (the child's side). */
async function stampHere(path: string): Promise<StampFigure> {
  const startRss = process.memoryUsage.rss();
  const started = performance.now();
  const input = await readFile(path);
  const output = await stampPdf(input, {
    name: 'Ọlábísí Ẹ̀bùn',
    email: 'olabisi@example.com',
    reference: 'ORD-BENCH-0001',
    date: new Date('2025-03-05T12:00:00Z'),
  });
  const ms = performance.now() - started;
  // The peak of the stamping alone: read before the output is parsed again to count its pages.
  const peakRssMb = ownPeakRssMb();
  const pages = (await PDFDocument.load(output, { updateMetadata: false })).getPageCount();
  return {
    pages,
    inputMb: mb(input.byteLength),
    outputMb: mb(output.byteLength),
    ms,
    startRssMb: mb(startRss),
    peakRssMb,
  };
}

/** Generates the PDF, stamps it in a child process, and answers that process's figure. */
export async function measureStamping(): Promise<StampFigure> {
  const dir = await mkdtemp(join(tmpdir(), 'store-bench-stamp-'));
  try {
    const path = join(dir, 'large.pdf');
    await generateLargePdf(path, stampBudgets.pages, stampBudgets.inputMb);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--child', path],
      { maxBuffer: 1024 * 1024 },
    );
    return JSON.parse(stdout) as StampFigure;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the figure is within the budget, and the line that says so. */
export function stampVerdict(figure: StampFigure): { ok: boolean; line: string } {
  const ok = figure.ms <= stampBudgets.ms && figure.peakRssMb <= stampBudgets.peakRssMb;
  const line =
    `PDF stamping, ${figure.pages} pages, ${figure.inputMb.toFixed(1)} MB -> ${figure.outputMb.toFixed(1)} MB: ` +
    `${(figure.ms / 1000).toFixed(2)} s (budget ${stampBudgets.ms / 1000} s), peak RSS ${figure.peakRssMb.toFixed(0)} MB ` +
    `(budget ${stampBudgets.peakRssMb} MB; ${figure.startRssMb.toFixed(0)} MB before reading the file)   ${ok ? 'OK' : 'OVER'}`;
  return { ok, line };
}

if (import.meta.filename === process.argv[1]) {
  const childIndex = process.argv.indexOf('--child');
  const childPath = childIndex >= 0 ? process.argv[childIndex + 1] : undefined;
  if (childPath) {
    process.stdout.write(JSON.stringify(await stampHere(childPath)));
  } else {
    const { ok, line } = stampVerdict(await measureStamping());
    process.stdout.write(`${line}\n`);
    if (!ok) process.exitCode = 1;
  }
}
