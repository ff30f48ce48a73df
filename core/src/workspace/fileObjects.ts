// The objects of a whole file: from text read from disk, or from an open document (whose statements
// are analysed already: only the statements an edit changed are read again).
import type { SvcSqlDocument } from '../document';
import { resolveStatement } from '../model/resolve';
import { heads, type StatementAnalysis } from '../statementAnalysis';
import { lex } from '../syntax/lex';
import { Scanner, scanTokens } from '../syntax/scanner';
import type { Token } from '../syntax/token';
import { parseStatement } from '../syntax/parseStatement';
import { ChunkRanges, splitBuffer } from '../syntax/splitStatements';
import { TokenBuffer } from '../syntax/tokenBuffer';
import { asciiBytesOf } from '../text/asciiBytes';
import { flatCopy } from '../text/flatCopy';
import type { TextSource } from '../text/blockText';
import { LineIndex } from '../text/lineIndex';
import type { ObjectKind } from '../catalog/types';
import { FileObjectsBuilder, type FileObjects, type NameForm, type ObjectOccurrence } from './objectOccurrence';
import { lightStatementObjects, lightWork, type OccurrenceSink } from './lightObjects';
import { statementObjects } from './statementObjects';

/** Where offsets are, for an ascending series of offsets: one pass over the text, no table of line starts. */
class LineCursor {
  line = 0;
  character = 0;
  /** Offset of the current line's first character, and how far the text has been read. */
  private lineStart = 0;
  private pos = 0;
  private lines: LineIndex | undefined;

  /** The first \n at or after pos (the text's length when none), once searched; -1 before. */
  private nextNewline = -1;
  /** A string without \r: lines end at \n only. */
  private readonly newlinesOnly: boolean;

  constructor(private readonly text: TextSource) {
    this.newlinesOnly = typeof text === 'string' && text.indexOf('\r') === -1;
  }

  /** Sets line and character to those of offset (as LineIndex.positionAt). */
  moveTo(offset: number): void {
    const text = this.text;
    const target = Math.max(0, Math.min(offset, text.length));
    if (target < this.lineStart) {
      // Not ascending (never for occurrences in written order): look it up.
      const p = (this.lines ??= new LineIndex(text)).positionAt(target);
      this.line = p.line;
      this.character = p.character;
      return;
    }
    let pos = this.pos;
    if (this.newlinesOnly) {
      // Only \n breaks lines: jump from one to the next (a native search, not a loop over characters);
      // the next \n past the target is kept, so a long line is searched once, not once per name.
      const s = text as string;
      let nl = this.nextNewline;
      if (nl < pos) nl = s.indexOf('\n', pos);
      while (nl !== -1 && nl < target) {
        this.line++;
        this.lineStart = nl + 1;
        nl = s.indexOf('\n', nl + 1);
      }
      this.nextNewline = nl === -1 ? s.length : nl;
      if (target > this.pos) this.pos = target;
      this.character = target - this.lineStart;
      return;
    }
    for (; pos < target; pos++) {
      const c = text.charCodeAt(pos);
      // \r\n breaks the line at its \n; a lone \r breaks it too.
      if (c === 10 || (c === 13 && (pos + 1 >= text.length || text.charCodeAt(pos + 1) !== 10))) {
        this.line++;
        this.lineStart = pos + 1;
      }
    }
    if (pos > this.pos) this.pos = pos;
    this.character = target - this.lineStart;
  }
}

/** Tokens scanned per call: the buffer grows as a file needs (a token is a character at least). */
const SCAN_BATCH = 4096;
/** A buffer grown past this many tokens by a large file is not kept for the next one (memory). */
const MAX_KEPT_TOKENS = 1 << 18;
/** One token buffer and one list of statements for every file: a pass does not call another. */
const sharedBuffer = new TokenBuffer(SCAN_BATCH);
const sharedRanges = new ChunkRanges();

/**
 * The significant tokens of a text (white space left out: the splitter finds it from the offsets),
 * into a TokenBuffer, as a document lexes (core/src/document/reanalysis.ts): no token object per
 * token, which was about a third of the index pass; objects are made for a statement the light path
 * leaves to the parse.
 */
function scanAll(text: TextSource): TokenBuffer {
  const buf = sharedBuffer;
  buf.length = 0;
  const pos = { at: 0 };
  // The runs inside tokens by loops: this pass runs over every file of a workspace (scanTokens).
  while (scanTokens(buf, text, pos, text.length, SCAN_BATCH, true, true) === SCAN_BATCH);
  return buf;
}

/** Tokens first..last of buf as the scanner's token objects (what the parse of a statement reads). */
function tokensOf(scanner: Scanner, buf: TokenBuffer, first: number, last: number): Token[] {
  const out: Token[] = [];
  for (let i = first; i <= last; i++) out.push(scanner.tokenAt(buf.types[i]!, buf.starts[i]!, buf.ends[i]!));
  return out;
}

function objectsOf(text: TextSource, light: boolean): FileObjects {
  const out = new FileObjectsBuilder();
  // The scan and the split read every character: from bytes when the text is ASCII (callgrind, 1,000
  // files of the benchmark's workspace: 15% fewer instructions in the scan). The light path and the
  // cursor keep the string: the light path reads few characters, and its code compiled for a second
  // kind of text, and the cursor's character loop, cost more than they spared.
  const chars: TextSource = (typeof text === 'string' && asciiBytesOf(text)) || text;
  const cursor = new LineCursor(text);
  const put: OccurrenceSink = (role, kind, key, name, form, start, end) => {
    cursor.moveTo(start);
    const line = cursor.line;
    const character = cursor.character;
    cursor.moveTo(end);
    out.add(role, kind, key, name, form, line, character, cursor.line, cursor.character);
  };
  const buf = scanAll(chars);
  const ranges = sharedRanges;
  splitBuffer(buf, heads, chars, ranges);
  let scanner: Scanner | undefined;
  try {
    for (let k = 0; k < ranges.length; k++) {
      const first = ranges.firsts[k]!;
      const last = ranges.lasts[k]!;
      if (light) {
        if (lightStatementObjects(buf, first, last, text, put)) {
          lightWork.light++;
          continue;
        }
        lightWork.full++;
      }
      // Line and column of the tokens counted from the text's start, as a lexer of the whole text has them.
      scanner ??= new Scanner(text, 0, text.length, false, true);
      const start = buf.starts[first]!;
      for (const o of statementObjects(resolveStatement(parseStatement(tokensOf(scanner, buf, first, last), start), heads)))
        put(o.role, o.kind, o.key, o.name, o.form, start + o.start, start + o.end);
    }
  } finally {
    buf.clear(MAX_KEPT_TOKENS);
  }
  return out.build();
}

/**
 * The objects of a file's text, split into statements exactly as a document splits it. Valid
 * statements take the light path (lightObjects.ts), the others are parsed and resolved.
 */
export function objectsOfText(text: TextSource): FileObjects {
  return objectsOf(text, true);
}

/** The same by the full path alone (every statement parsed and resolved): what the light path is held to. */
export function objectsOfTextFull(text: TextSource): FileObjects {
  return objectsOf(text, false);
}

/** The same as a plain list, for a caller that gathers a file from pieces (the CLI reads large files so). */
export function objectListOfText(text: TextSource): ObjectOccurrence[] {
  return objectsOfText(text).toArray();
}

/**
 * A statement's names as an open document's cache keeps them: seven slots a name (role, kind, form,
 * start, end, key, name; offsets relative to the statement) in one list of its size. A list of
 * occurrence objects grown by push held ~170 bytes a name (its room for 17, an object and its
 * property array): 50 MB for a document of 280,000 statements.
 */
type KeptObjects = readonly (string | number)[];
const SLOTS = 7;
const NO_OBJECTS: KeptObjects = [];

// Per statement analysis (shared by every statement of the same text, kept while it lives): the
// names relative to the statement. Not the syntax model, which for every statement of a large
// file would be most of its heap.
const cache = new WeakMap<StatementAnalysis, KeptObjects>();

/** The names of the statement being read, as found (written by index with a count: see fastParse's scratch lists). */
const found: (string | number)[] = [];
let foundCount = 0;
/** After a statement of more names than this, `found` lets go of its room. */
const MAX_KEPT_FOUND = 1024 * SLOTS;

const keep: OccurrenceSink = (role, kind, key, name, form, start, end) => {
  const i = foundCount;
  found[i] = role;
  found[i + 1] = kind;
  found[i + 2] = form;
  found[i + 3] = start;
  found[i + 4] = end;
  // One string when the key is the name (most names): the builder then interns it once.
  const own = flatCopy(name);
  found[i + 5] = key === name ? own : flatCopy(key);
  found[i + 6] = own;
  foundCount = i + SLOTS;
};

/**
 * A statement's names, read as a file's are (objectsOf): by the light path from its tokens, else
 * parsed and resolved. Their strings are flat copies (see keep), not slices of the statement's text.
 */
function relativeObjects(analysis: StatementAnalysis): KeptObjects {
  let kept = cache.get(analysis);
  if (kept) return kept;
  const text = analysis.text;
  const buf = scanAll(text);
  foundCount = 0;
  if (buf.length === 0 || !lightStatementObjects(buf, 0, buf.length - 1, text, keep)) {
    lightWork.full++;
    for (const o of statementObjects(resolveStatement(parseStatement(lex(text), 0), heads)))
      keep(o.role, o.kind, o.key, o.name, o.form, o.start, o.end);
  } else lightWork.light++;
  kept = foundCount === 0 ? NO_OBJECTS : found.slice(0, foundCount);
  if (foundCount > MAX_KEPT_FOUND) found.length = 0;
  buf.clear(MAX_KEPT_TOKENS);
  cache.set(analysis, kept);
  return kept;
}

function place(kept: KeptObjects, base: number, lines: LineIndex, out: FileObjectsBuilder): void {
  for (let i = 0; i < kept.length; i += SLOTS) {
    const start = lines.positionAt(base + (kept[i + 3] as number));
    const end = lines.positionAt(base + (kept[i + 4] as number));
    const role = kept[i] as ObjectOccurrence['role'];
    const kind = kept[i + 1] as ObjectKind;
    const form = kept[i + 2] as NameForm;
    out.add(role, kind, kept[i + 5] as string, kept[i + 6] as string, form, start.line, start.character, end.line, end.character);
  }
}

/** The objects of an open document, from its current analysis. */
export function objectsOfDocument(doc: SvcSqlDocument): FileObjects {
  const out = new FileObjectsBuilder();
  const lines = doc.lines;
  for (const s of doc.statements()) {
    // A statement without a head the catalog knows names nothing: skip the parse.
    if (s.analysis.kind === 'unknown') continue;
    place(relativeObjects(s.analysis), s.start, lines, out);
  }
  return out.build();
}
