/** A 32-bit FNV-1a hash of s's UTF-16 code units: for the open-addressing tables of strings. */
export function stringHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}
