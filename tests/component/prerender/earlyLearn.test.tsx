// /early-learn.js on the course player's page (docs/performance.md, 'The course player'): it asks for
// the course with the device's cookie and paints the opening lesson only when the answer is a course
// the device may open; anything else (a device to confirm, an ended or unknown link, an error, no
// network) leaves the page's frame as it is for the app. That what it paints is the player's own
// markup is earlyLearnMarkup.test.tsx's.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCourse, buildOpening } from '../../support/factories';

const token = 'tok-123';

const frame = '<main id="main"><p role="status">Loading...</p></main>';

interface Early {
  path: string;
  answer: Promise<unknown>;
  shown: Promise<void>;
}

/** Runs /early-learn.js's module afresh at `pathname`, its GET answered by `answer` (a Response, or a failure). */
async function runAt(pathname: string, answer: () => Promise<Response>) {
  document.body.innerHTML = frame;
  window.history.replaceState(null, '', pathname);
  const requests: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchStub = vi.spyOn(window, 'fetch').mockImplementation((url, init) => {
    requests.push({ url: url as string, init });
    return answer();
  });
  try {
    vi.resetModules();
    await import('../../../src/boot/earlyLearn');
  } finally {
    fetchStub.mockRestore();
  }
  const early = (window as unknown as { __storeEarlyQuery?: Early }).__storeEarlyQuery;
  if (early) await early.shown;
  return { early, requests };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as unknown as Record<string, unknown>).__storeEarlyQuery;
});

describe('/early-learn.js', () => {
  it('asks for the course of the token in the URL with the device cookie, and paints its first screen', async () => {
    const { early, requests } = await runAt(`/learn/${token}`, json(buildCourse()));
    expect(requests).toEqual([
      { url: '/api/learn/tok-123', init: { headers: { accept: 'application/json' }, credentials: 'same-origin' } },
    ]);
    expect(early?.path).toBe('/learn/tok-123');
    expect(await early?.answer).toEqual(buildCourse());

    // Titles go in as text, never as markup.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('React & <i>TypeScript</i> Bootcamp');
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome <b>buyer</b>' })).toBeTruthy();
    expect(document.querySelector('h1 i, h2 b')).toBeNull();
    // The body is the API's sanitized HTML, as it gave it.
    expect(document.querySelector('.lesson-body')?.innerHTML).toBe(
      '<h2>What you will build</h2>\n<p>A small store with <strong>React</strong>.</p>\n<ul>\n<li>Watch the video</li>\n</ul>',
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the video…');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['1×', '1.25×', '1.5×', '2×']);
    expect(screen.getByRole('switch').closest('label')?.textContent).toBe('Low-data version');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('paints a lesson without a video as its title and body alone', async () => {
    await runAt(`/learn/${token}/`, json(buildCourse({ opening: buildOpening({ video: null }) })));
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome <b>buyer</b>' })).toBeTruthy();
    expect(document.querySelector('.lesson-body strong')?.textContent).toBe('React');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('paints nothing for a device to confirm, and leaves no course for the app', async () => {
    const { early } = await runAt(
      `/learn/${token}`,
      json({ message: 'This is a new device. Enter the e-mail address you paid with.', needsConfirmation: true }, 403),
    );
    expect(await early?.answer).toBeNull();
    expect(document.body.innerHTML).toBe(frame);
  });

  it('paints nothing for an ended or unknown link, a server error or no network', async () => {
    const answers = [
      json({ message: 'Access to this purchase has ended.' }, 410),
      json({ message: 'Not found.' }, 404),
      json({ message: 'Something went wrong.' }, 500),
      () => Promise.reject(new TypeError('Failed to fetch')),
      // A 200 that is not a course (a proxy's page): not painted either.
      () => Promise.resolve(new Response('<html>Sign in to the Wi-Fi</html>', { status: 200 })),
    ];
    for (const answer of answers) {
      const { early } = await runAt(`/learn/${token}`, answer);
      expect(await early?.answer).toBeNull();
      expect(document.body.innerHTML).toBe(frame);
    }
  });

  it('hands a course it does not paint (finished, or no lesson open yet) to the app all the same', async () => {
    const finished = buildCourse({
      progress: { completedLessons: 2, totalLessons: 2, lastLessonId: 'l2', lastPositionS: 0, finished: true },
      certificateCode: 'CERT-1',
    });
    const closed = buildCourse({ opening: null });
    for (const course of [finished, closed]) {
      const { early } = await runAt(`/learn/${token}`, json(course));
      expect(await early?.answer).toEqual(course);
      expect(document.body.innerHTML).toBe(frame);
    }
  });

  it('asks for nothing on other pages', async () => {
    for (const path of ['/', '/learn', '/learn/a/b', '/certificates/CERT-1']) {
      const { early, requests } = await runAt(path, json(buildCourse()));
      expect(early, path).toBeUndefined();
      expect(requests, path).toEqual([]);
    }
  });
});
