/**
 * V8 makes a slice (or a concatenation) of fewer characters than this a copy of its own, never a
 * view into (or a pair of) other strings.
 */
const SHORTEST_VIEW = 13;

/**
 * A flat copy of s that shares no storage with the string s was cut from: V8 makes a slice of 13
 * or more characters a view into its parent, which it keeps alive (a whole file, for one word).
 * A shorter string is one already, and is returned as it is (no two copies made for nothing).
 */
export function flatCopy(s: string): string {
  return s.length < SHORTEST_VIEW ? s : (' ' + s).slice(1);
}
