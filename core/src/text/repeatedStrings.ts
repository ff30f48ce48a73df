/**
 * A pure function of a string with its answers kept for the strings that repeat (a severity in
 * every diagnostic written, a typo made on many lines and kept in each line's warning): one answer
 * made and held for all of them. At most `most` answers, all forgotten when full, so that a run of
 * distinct strings costs a bounded map.
 */
export function repeatedStrings(make: (key: string) => string, most = 1024): (key: string) => string {
  const answers = new Map<string, string>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = make(key);
      if (answers.size >= most) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

/** The strings recentStrings keeps answers for. */
const RECENT = 4;

/**
 * A pure function of a string with its answers kept for the last few strings asked (RECENT): for a
 * writer of many lines where the same string comes again soon (the same warning on the next lines)
 * but most may be new (a message quoting each line's value), which a map of answers would hash and
 * hold each time for nothing. A check is a comparison of strings, over at most the common prefix of
 * two of equal length.
 */
export function recentStrings(make: (key: string) => string): (key: string) => string {
  const keys = new Array<string | undefined>(RECENT).fill(undefined);
  const answers = new Array<string>(RECENT).fill('');
  let next = 0;
  return (key) => {
    for (let k = 0; k < RECENT; k++) if (keys[k] === key) return answers[k]!;
    const answer = make(key);
    keys[next] = key;
    answers[next] = answer;
    next = (next + 1) % RECENT;
    return answer;
  };
}
