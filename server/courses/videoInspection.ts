// What the API reads of an uploaded lesson video before it joins a lesson (docs/courses.md, 'Video
// for phones'): the container (MP4 or WebM), its codecs, duration and size in pixels. The store never
// transcodes, so a video phones cannot play is refused with a sentence that says how to export it.
// Only the boxes (MP4) or elements (WebM) that describe the tracks are read, through `read`, a ranged
// read of the object: never the whole video.

/** Reads `length` bytes from `start` (fewer at the end of the object). */
export type RangeReader = (start: number, length: number) => Promise<Buffer>;

export interface VideoFacts {
  container: 'mp4' | 'webm';
  videoCodec: string;
  /** Null: a silent video. */
  audioCodec: string | null;
  durationS: number;
  width: number;
  height: number;
}

export type VideoCheck = { ok: true; facts: VideoFacts } | { ok: false; reason: string };

export const exportAdvice =
  'Export it as an MP4 with H.264 video and AAC audio (in HandBrake, the "Fast 720p30" preset), or as a WebM with VP9 video, and upload it again.';
export const notAVideo = `This file is not an MP4 or WebM video. ${exportAdvice}`;
export const hevcRefused = `This video uses HEVC (H.265), which many phones and browsers cannot play. ${exportAdvice}`;
export const proresRefused = `This video uses ProRes, an editing format phones cannot play. ${exportAdvice}`;
export const unreadable = `This video could not be read: its description of the tracks is missing or damaged. ${exportAdvice}`;
export const noVideoTrack = `This file has no video track. ${exportAdvice}`;
export const encryptedRefused = `This video is encrypted (DRM), which the store cannot play. ${exportAdvice}`;

const codecRefusal = (codec: string, kind: 'video' | 'audio') =>
  `This video's ${kind} is in a format phones cannot play (${codec}). ${exportAdvice}`;

/** The largest moov (or WebM header) the API reads; real ones are a few hundred kilobytes. */
const maxHeaderBytes = 32 * 1024 * 1024;

// ------------------------------------------------------------------------------------------ MP4

const mp4VideoCodecs = new Set(['avc1', 'avc3']);
const mp4AudioCodecs = new Set(['mp4a']);
const hevcCodecs = new Set(['hvc1', 'hev1', 'dvh1', 'dvhe']);
const proresCodecs = new Set(['apch', 'apcn', 'apcs', 'apco', 'ap4h', 'ap4x']);

interface Box {
  type: string;
  /** Offset of the payload (after the header) and its length. */
  start: number;
  length: number;
}

/** The boxes inside `data` from `from` to `to`. */
function childBoxes(data: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > to) break;
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = to - offset;
    if (size < header || offset + size > to) break;
    boxes.push({ type, start: offset + header, length: size - header });
    offset += size;
  }
  return boxes;
}

const child = (data: Buffer, box: Box, type: string) =>
  childBoxes(data, box.start, box.start + box.length).find((entry) => entry.type === type);

function path(data: Buffer, box: Box, types: string[]): Box | undefined {
  let current: Box | undefined = box;
  for (const type of types) {
    if (!current) return undefined;
    current = child(data, current, type);
  }
  return current;
}

/** Walks the top-level boxes by their headers and reads the ftyp and the whole moov. */
async function readMp4Moov(read: RangeReader, size: number): Promise<Buffer | 'notMp4' | 'unreadable'> {
  let offset = 0;
  for (let index = 0; index < 1000 && offset + 8 <= size; index += 1) {
    const head = await read(offset, 16);
    if (head.length < 8) return 'unreadable';
    let boxSize = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (index === 0 && type !== 'ftyp') return 'notMp4';
    let header = 8;
    if (boxSize === 1) {
      if (head.length < 16) return 'unreadable';
      boxSize = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (boxSize === 0) boxSize = size - offset;
    if (boxSize < header) return 'unreadable';
    if (type === 'moov') {
      if (boxSize > maxHeaderBytes) return 'unreadable';
      const moov = await read(offset, boxSize);
      return moov.length === boxSize ? moov : 'unreadable';
    }
    offset += boxSize;
  }
  return 'unreadable';
}

interface Mp4Track {
  handler: string;
  codec: string;
  width: number;
  height: number;
}

function mp4Track(moov: Buffer, trak: Box): Mp4Track | null {
  const mdia = child(moov, trak, 'mdia');
  if (!mdia) return null;
  const hdlr = child(moov, mdia, 'hdlr');
  const stsd = path(moov, mdia, ['minf', 'stbl', 'stsd']);
  if (!hdlr || !stsd || hdlr.length < 12 || stsd.length < 16) return null;
  const handler = moov.toString('latin1', hdlr.start + 8, hdlr.start + 12);
  // stsd: version and flags (4), entry count (4), then the first sample entry: size (4), format (4).
  const entry = stsd.start + 8;
  const codec = moov.toString('latin1', entry + 4, entry + 8);
  // A visual sample entry: 8 header, 6 reserved, 2 data reference index, 16 pre-defined, then the size.
  const visual = handler === 'vide' && entry + 36 <= stsd.start + stsd.length;
  return {
    handler,
    codec,
    width: visual ? moov.readUInt16BE(entry + 32) : 0,
    height: visual ? moov.readUInt16BE(entry + 34) : 0,
  };
}

function mp4Duration(moov: Buffer, root: Box): number {
  const mvhd = child(moov, root, 'mvhd');
  if (!mvhd || mvhd.length < 20) return 0;
  const version = moov.readUInt8(mvhd.start);
  const timescale = version === 1 ? moov.readUInt32BE(mvhd.start + 20) : moov.readUInt32BE(mvhd.start + 12);
  const duration = version === 1 ? Number(moov.readBigUInt64BE(mvhd.start + 24)) : moov.readUInt32BE(mvhd.start + 16);
  return timescale > 0 ? Math.round((duration / timescale) * 10) / 10 : 0;
}

async function inspectMp4(read: RangeReader, size: number): Promise<VideoCheck> {
  const moov = await readMp4Moov(read, size);
  if (moov === 'notMp4') return { ok: false, reason: notAVideo };
  if (moov === 'unreadable') return { ok: false, reason: unreadable };
  const root: Box = { type: 'moov', start: 8, length: moov.length - 8 };
  const tracks = childBoxes(moov, root.start, root.start + root.length)
    .filter((box) => box.type === 'trak')
    .map((trak) => mp4Track(moov, trak))
    .filter((track): track is Mp4Track => track !== null);
  const video = tracks.find((track) => track.handler === 'vide');
  const audio = tracks.find((track) => track.handler === 'soun');
  if (!video) return { ok: false, reason: noVideoTrack };
  if (video.codec === 'encv' || audio?.codec === 'enca') return { ok: false, reason: encryptedRefused };
  if (hevcCodecs.has(video.codec)) return { ok: false, reason: hevcRefused };
  if (proresCodecs.has(video.codec)) return { ok: false, reason: proresRefused };
  if (!mp4VideoCodecs.has(video.codec)) return { ok: false, reason: codecRefusal(video.codec.trim(), 'video') };
  if (audio && !mp4AudioCodecs.has(audio.codec)) {
    return { ok: false, reason: codecRefusal(audio.codec.trim(), 'audio') };
  }
  if (video.width === 0 || video.height === 0) return { ok: false, reason: unreadable };
  return {
    ok: true,
    facts: {
      container: 'mp4',
      videoCodec: video.codec,
      audioCodec: audio ? audio.codec : null,
      durationS: mp4Duration(moov, root),
      width: video.width,
      height: video.height,
    },
  };
}

// ------------------------------------------------------------------------------------------ WebM

const webmVideoCodecs = new Set(['V_VP8', 'V_VP9', 'V_AV1']);
const webmAudioCodecs = new Set(['A_VORBIS', 'A_OPUS']);

const ids = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
};

interface Element {
  id: number;
  /** Offset of the data and its length (null: unknown size). */
  start: number;
  length: number | null;
}

/** A variable-length integer at `offset`: its value (marker kept for ids) and its length. */
function vint(data: Buffer, offset: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = data[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > data.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = data[offset + index] ?? 0;
    if (byte !== 0xff) allOnes = false;
    value = value * 256 + byte;
  }
  if (!keepMarker && allOnes) return { value: -1, length };
  return { value, length };
}

function element(data: Buffer, offset: number): Element | null {
  const id = vint(data, offset, true);
  if (!id) return null;
  const size = vint(data, offset + id.length, false);
  if (!size) return null;
  const start = offset + id.length + size.length;
  return { id: id.value, start, length: size.value < 0 ? null : size.value };
}

function children(data: Buffer, from: number, to: number): Element[] {
  const found: Element[] = [];
  let offset = from;
  while (offset < to) {
    const next = element(data, offset);
    if (!next) break;
    found.push(next);
    if (next.length === null) break;
    offset = next.start + next.length;
  }
  return found;
}

const uint = (data: Buffer, item: Element) => {
  let value = 0;
  for (let index = 0; index < (item.length ?? 0); index += 1) value = value * 256 + (data[item.start + index] ?? 0);
  return value;
};
const text = (data: Buffer, item: Element) =>
  data
    .toString('latin1', item.start, item.start + (item.length ?? 0))
    .replace(/\0+$/, '')
    .trim();
const float = (data: Buffer, item: Element) =>
  item.length === 4 ? data.readFloatBE(item.start) : item.length === 8 ? data.readDoubleBE(item.start) : 0;

interface WebmTrack {
  type: number;
  codec: string;
  width: number;
  height: number;
}

function webmTrack(data: Buffer, entry: Element): WebmTrack {
  const track: WebmTrack = { type: 0, codec: '', width: 0, height: 0 };
  const end = entry.start + (entry.length ?? 0);
  for (const item of children(data, entry.start, end)) {
    if (item.id === ids.trackType) track.type = uint(data, item);
    else if (item.id === ids.codecId) track.codec = text(data, item);
    else if (item.id === ids.video) {
      for (const field of children(data, item.start, item.start + (item.length ?? 0))) {
        if (field.id === ids.pixelWidth) track.width = uint(data, field);
        else if (field.id === ids.pixelHeight) track.height = uint(data, field);
      }
    }
  }
  return track;
}

async function inspectWebm(read: RangeReader, size: number): Promise<VideoCheck> {
  // The header, Info and Tracks come first in any WebM a phone streams; 1 MB holds them.
  const data = await read(0, Math.min(size, 1024 * 1024));
  const header = element(data, 0);
  if (!header || header.id !== ids.ebml || header.length === null) return { ok: false, reason: notAVideo };
  const docType = children(data, header.start, header.start + header.length).find((item) => item.id === ids.docType);
  if (!docType || text(data, docType) !== 'webm') return { ok: false, reason: notAVideo };
  const segment = element(data, header.start + header.length);
  if (!segment || segment.id !== ids.segment) return { ok: false, reason: unreadable };
  let scale = 1_000_000;
  let duration = 0;
  const tracks: WebmTrack[] = [];
  const segmentEnd = segment.length === null ? data.length : Math.min(data.length, segment.start + segment.length);
  for (const item of children(data, segment.start, segmentEnd)) {
    if (item.id === ids.cluster) break;
    if (item.length === null) break;
    if (item.id === ids.info) {
      for (const field of children(data, item.start, item.start + item.length)) {
        if (field.id === ids.timecodeScale) scale = uint(data, field);
        else if (field.id === ids.duration) duration = float(data, field);
      }
    } else if (item.id === ids.tracks) {
      for (const entry of children(data, item.start, item.start + item.length)) {
        if (entry.id === ids.trackEntry) tracks.push(webmTrack(data, entry));
      }
    }
  }
  const video = tracks.find((track) => track.type === 1);
  const audio = tracks.find((track) => track.type === 2);
  if (tracks.length === 0) return { ok: false, reason: unreadable };
  if (!video) return { ok: false, reason: noVideoTrack };
  if (!webmVideoCodecs.has(video.codec)) return { ok: false, reason: codecRefusal(video.codec, 'video') };
  if (audio && !webmAudioCodecs.has(audio.codec)) return { ok: false, reason: codecRefusal(audio.codec, 'audio') };
  if (video.width === 0 || video.height === 0) return { ok: false, reason: unreadable };
  return {
    ok: true,
    facts: {
      container: 'webm',
      videoCodec: video.codec,
      audioCodec: audio ? audio.codec : null,
      durationS: Math.round(((duration * scale) / 1e9) * 10) / 10,
      width: video.width,
      height: video.height,
    },
  };
}

/** Inspects a video of `size` bytes; never throws for a file that is not what it claims. */
export async function inspectVideo(read: RangeReader, size: number): Promise<VideoCheck> {
  if (size < 16) return { ok: false, reason: notAVideo };
  const start = await read(0, 12);
  try {
    if (start.toString('latin1', 4, 8) === 'ftyp') return await inspectMp4(read, size);
    if (start.length >= 4 && start.readUInt32BE(0) === ids.ebml) return await inspectWebm(read, size);
  } catch (error) {
    // A box or element that points outside the bytes read: a damaged file, not a server failure.
    if (error instanceof RangeError) return { ok: false, reason: unreadable };
    throw error;
  }
  return { ok: false, reason: notAVideo };
}

/** A reader over bytes in memory (tests, and small objects already read). */
export function bufferReader(bytes: Buffer): RangeReader {
  return (start, length) => Promise.resolve(bytes.subarray(start, start + length));
}
