// The files the piece-by-piece tests cut at every boundary (segments.test.ts, formatCheck.test.ts):
// text made to trip a cut (';' and blank lines inside comments, strings and backticks, CR line ends,
// a BOM, empty statements) and the repository's fixture folders.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './helpers';

export const TRICKY = [
  "SHOW FLOWS;\nALTER OCU SET LIMIT = '3';\n\n\nRUN JOB a",
  "CREATE FLOW f SOURCE = 's;\n\nLAKE = 'l'\nSHOW FLOWS",
  '/* a comment;\n\nstill comment */ SHOW FLOWS\n/*\n;\n*/\nRUN JOB `x;\n\nSHOW CLUSTERS;',
  'SHOW FLOWS -- ;\nRUN JOB j\r\rSHOW CLUSTERS;\r\nALTER OCU SET LIMIT = 3;\r\n\r\nRUN JOB k',
  "\uFEFFALTER OCU SET LIMIT = '3'\n\nCREATE FLOW g LAKE 'x' PARTITION_KEY_FIELDS = (field = 'a'\n;\nSHOW FLOWS /* open comment\n\n;",
  "ALTER FLOW f SET STATE = RESUME;\nSHOW FLOWS\n\t \nRUN JOB 'unterminated\n\nSHOW FLOWS",
  '-- only a comment\n\n-- and another\n',
  'show flows ; -- trailing\n\n\n/* own line */\n\nshow clusters;;\n\n',
  'SHOW FLOWS\nSHOW CLUSTERS\n',
  '',
  '\n\n;\n',
];

/**
 * Quotes, comments, semicolons and line ends of every kind, to join in any order into text that may
 * trip a cut: the boundary scanner reads runs between them (cli/src/pieceEnds.ts), so each must end
 * a run where it should (segments.test.ts, pieceEnds.test.ts).
 */
export const TRIPPING_PARTS = [
  "'",
  '`',
  '--',
  '/*',
  '*/',
  ';',
  ' ',
  '\t',
  'a',
  'SHOW FLOWS',
  'RUN JOB j',
  'CREATE FLOW f',
  "LAKE = 'l'",
  '-',
  '/',
  '*',
  "''",
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  ';\n',
  ';\r\n',
  '\u00a0',
  '/**/',
  '*/*',
];

/** The tricky texts written to a temporary folder, then every .svcsql file of the given repository folders. */
export function cutFiles(folders: readonly string[]): string[] {
  const dir = tempDir();
  const out = TRICKY.map((t, i) => {
    const f = join(dir, `t${i}.svcsql`);
    writeFileSync(f, t);
    return f;
  });
  for (const sub of folders) for (const name of readdirSync(join(ROOT, sub))) if (name.endsWith('.svcsql')) out.push(join(ROOT, sub, name));
  return out;
}
