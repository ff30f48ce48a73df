// White space as the regular expression \s sees it, tested on the text in place: `/^\s*$/.test(
// text.slice(a, b))` made a string and ran a regular expression for every value checked.

/** True when the UTF-16 code unit is one that `\s` matches. */
export function isSpaceCode(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** `/^\s*$/.test(text.slice(from, to))`, without the slice (same index rules as slice). */
export function blankBetween(text: string, from: number, to: number): boolean {
  const length = text.length;
  let a = from < 0 ? Math.max(length + from, 0) : Math.min(from, length);
  const b = to < 0 ? Math.max(length + to, 0) : Math.min(to, length);
  for (; a < b; a++) if (!isSpaceCode(text.charCodeAt(a))) return false;
  return true;
}
