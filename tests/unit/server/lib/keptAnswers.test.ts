// server/lib/keptAnswers: an answer kept for its minute, read again after it, never kept when it failed,
// dropped on forget, and the oldest key going first once the map is full.
import { describe, expect, it } from 'vitest';
import { keptAnswers } from '../../../../server/lib/keptAnswers';

function counting(answers: string[]) {
  const asked: string[] = [];
  return {
    asked,
    load: (key: string) => () => {
      asked.push(key);
      const answer = answers.shift();
      return answer === undefined ? Promise.reject(new Error('unavailable')) : Promise.resolve(answer);
    },
  };
}

describe('keptAnswers', () => {
  it('answers from what it kept within the time, and reads again after it', async () => {
    let now = 1_000;
    const kept = keptAnswers<string, string>(60_000, 10, () => now);
    const reads = counting(['first', 'second']);
    expect(await kept.get('course', reads.load('course'))).toBe('first');
    now += 59_999;
    expect(await kept.get('course', reads.load('course'))).toBe('first');
    now += 1;
    expect(await kept.get('course', reads.load('course'))).toBe('second');
    expect(reads.asked).toEqual(['course', 'course']);
  });

  it('shares one read between questions asked while it is under way', async () => {
    const kept = keptAnswers<string, string>(60_000);
    const reads = counting(['only']);
    const answers = await Promise.all([kept.get('a', reads.load('a')), kept.get('a', reads.load('a'))]);
    expect(answers).toEqual(['only', 'only']);
    expect(reads.asked).toEqual(['a']);
  });

  it('does not keep a failed answer: the next question reads again', async () => {
    const kept = keptAnswers<string, string>(60_000);
    const reads = counting([]);
    await expect(kept.get('a', reads.load('a'))).rejects.toThrow('unavailable');
    const again = counting(['recovered']);
    expect(await kept.get('a', again.load('a'))).toBe('recovered');
  });

  it('reads again after forget', async () => {
    const kept = keptAnswers<string, string>(60_000);
    const reads = counting(['before', 'after']);
    expect(await kept.get('a', reads.load('a'))).toBe('before');
    kept.forget('a');
    expect(await kept.get('a', reads.load('a'))).toBe('after');
  });

  it('lets the oldest key go once more than its maximum are kept', async () => {
    const kept = keptAnswers<string, string>(60_000, 2);
    const reads = counting(['a1', 'b1', 'c1', 'a2', 'c2']);
    await kept.get('a', reads.load('a'));
    await kept.get('b', reads.load('b'));
    await kept.get('c', reads.load('c'));
    expect(await kept.get('c', reads.load('c'))).toBe('c1');
    expect(await kept.get('a', reads.load('a'))).toBe('a2');
    expect(reads.asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
