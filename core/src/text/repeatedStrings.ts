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
