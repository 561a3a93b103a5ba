// Answers an API instance keeps for a short while, so a question every page view asks (is the
// affiliate program open? which lessons of this course are free previews?) costs one Firestore read a
// minute per instance rather than one a view (docs/performance.md, reads per view). A failed answer is
// not kept; the oldest key goes first once `max` are kept.
export interface KeptAnswers<K, V> {
  /** The kept answer for `key`, or `load()`'s (kept from now on). */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Drops the answer for `key`: the next question reads again (after this instance changed it). */
  forget(key: K): void;
}

export function keptAnswers<K, V>(ms: number, max = 500, now: () => number = Date.now): KeptAnswers<K, V> {
  const kept = new Map<K, { at: number; answer: Promise<V> }>();
  return {
    get(key, load) {
      const hit = kept.get(key);
      if (hit && now() - hit.at < ms) return hit.answer;
      kept.delete(key);
      const answer = load();
      kept.set(key, { at: now(), answer });
      const oldest = kept.keys().next();
      if (kept.size > max && !oldest.done) kept.delete(oldest.value);
      answer.catch(() => {
        if (kept.get(key)?.answer === answer) kept.delete(key);
      });
      return answer;
    },
    forget(key) {
      kept.delete(key);
    },
  };
}
