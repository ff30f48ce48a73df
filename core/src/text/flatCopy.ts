/**
 * A flat copy of s that shares no storage with the string s was cut from: V8 makes a slice of 13
 * or more characters a view into its parent, which it keeps alive (a whole file, for one word).
 */
export function flatCopy(s: string): string {
  return (' ' + s).slice(1);
}
