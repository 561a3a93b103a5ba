// Lesson video inspection (docs/courses.md, 'Video for phones') on the repository's small fixtures,
// made with ffmpeg once: what phones play is accepted with its facts, the rest refused with how to export.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferReader, inspectVideo } from '../../../../server/courses/videoInspection';

const file = (path: string) => readFileSync(join(process.cwd(), path));
const inspect = (bytes: Buffer) => inspectVideo(bufferReader(bytes), bytes.length);
const advice =
  'Export it as an MP4 with H.264 video and AAC audio (in HandBrake, the "Fast 720p30" preset), or as a WebM with VP9 video, and upload it again.';

describe('inspectVideo', () => {
  it('accepts the demo H.264/AAC MP4 with its duration and size', async () => {
    expect(await inspect(file('local/seed/media/demo-lesson.mp4'))).toEqual({
      ok: true,
      facts: { container: 'mp4', videoCodec: 'avc1', audioCodec: 'mp4a', durationS: 12, width: 640, height: 360 },
    });
  });

  it('finds the tracks of an MP4 whose moov comes after the media', async () => {
    expect(await inspect(file('tests/fixtures/video/h264-moov-at-end.mp4'))).toEqual({
      ok: true,
      facts: { container: 'mp4', videoCodec: 'avc1', audioCodec: null, durationS: 1, width: 160, height: 90 },
    });
  });

  it('accepts a VP9/Opus WebM', async () => {
    expect(await inspect(file('tests/fixtures/video/vp9-opus.webm'))).toEqual({
      ok: true,
      facts: { container: 'webm', videoCodec: 'V_VP9', audioCodec: 'A_OPUS', durationS: 1, width: 160, height: 90 },
    });
  });

  it('refuses HEVC in an MP4', async () => {
    expect(await inspect(file('tests/fixtures/video/hevc.mp4'))).toEqual({
      ok: false,
      reason: `This video uses HEVC (H.265), which many phones and browsers cannot play. ${advice}`,
    });
  });

  it('refuses a ProRes track', async () => {
    const bytes = Buffer.from(file('tests/fixtures/video/h264-moov-at-end.mp4'));
    // The last 'avc1' is the sample entry in the moov (the first is a brand in ftyp).
    bytes.write('apcn', bytes.lastIndexOf('avc1'), 'latin1');
    expect(await inspect(bytes)).toEqual({
      ok: false,
      reason: `This video uses ProRes, an editing format phones cannot play. ${advice}`,
    });
  });

  it('refuses what is not a video, and a cut-off MP4, with a sentence', async () => {
    expect(await inspect(file('package.json'))).toEqual({
      ok: false,
      reason: `This file is not an MP4 or WebM video. ${advice}`,
    });
    const whole = file('tests/fixtures/video/h264-moov-at-end.mp4');
    expect(await inspect(whole.subarray(0, whole.length - 200))).toEqual({
      ok: false,
      reason: `This video could not be read: its description of the tracks is missing or damaged. ${advice}`,
    });
    expect(await inspect(Buffer.alloc(8))).toEqual({
      ok: false,
      reason: `This file is not an MP4 or WebM video. ${advice}`,
    });
  });
});
