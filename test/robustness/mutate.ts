// Mutations of valid statements for the fuzz and equivalence tests: deletes, duplicates, swaps,
// random bytes and unicode, each drawn from a seeded generator so that a failure replays.
const PIECES = [
  "'",
  '`',
  '(',
  ')',
  ',',
  '=',
  ';',
  '.',
  '--',
  '/*',
  '*/',
  '\n',
  '\r',
  '\r\n',
  ' ',
  '\t',
  '\u00e9',
  '\u{1F680}',
  '\uFEFF',
  '\u0000',
  '\uD800',
  'WITH',
  'CREATE FLOW',
  '42',
  "'x'",
  'SET',
];

/** Token-ish pieces of a text: words, numbers, strings, punctuation and runs of space. */
function pieces(text: string): string[] {
  return text.match(/'[^'\n]*'|`[^`\n]*`|\w+|\s+|./gsu) ?? [];
}

export function mutate(text: string, r: () => number, rounds = 1 + Math.floor(r() * 3)): string {
  let out = text;
  for (let n = 0; n < rounds; n++) {
    const parts = pieces(out);
    const i = Math.floor(r() * Math.max(1, parts.length));
    const j = Math.floor(r() * Math.max(1, parts.length));
    switch (Math.floor(r() * 6)) {
      case 0: // delete a token
        parts.splice(i, 1);
        break;
      case 1: // duplicate a token
        parts.splice(i, 0, parts[i] ?? '');
        break;
      case 2: {
        // swap two tokens
        const a = parts[i];
        parts[i] = parts[j] ?? '';
        parts[j] = a ?? '';
        break;
      }
      case 3: // a piece of syntax or unicode
        parts.splice(i, 0, PIECES[Math.floor(r() * PIECES.length)]!);
        break;
      case 4: {
        // random code units
        let s = '';
        for (let k = 1 + Math.floor(r() * 4); k > 0; k--) s += String.fromCharCode(Math.floor(r() * (r() < 0.7 ? 128 : 0x10000)));
        parts.splice(i, 0, s);
        break;
      }
      default: // cut a slice
        parts.splice(Math.min(i, j), Math.abs(i - j) % 6);
    }
    out = parts.join('');
  }
  return out;
}
