// The JSON and SARIF documents written as the diagnostics come, for runs too large to hold: the
// same document, but the parts that are only known at the end (the counts and unreadable files in
// JSON; the rules and the invocation in SARIF) follow the diagnostics instead of preceding them.
// Laid out as JSON.stringify(…, null, 2) lays out the whole document.
import type { CoreDiagnostic } from '../../../core/src/index';
import { safeJson } from '../../../service/src/safeText';
import { SARIF_HEAD, SarifRules, sarifResult, sarifRunParts, type ToolInfo } from './sarif';

/** `value` as JSON.stringify(value, null, 2) writes it at `depth` levels of indentation. */
export function nested(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, '\n' + '  '.repeat(depth));
}

/** A string as JSON, safe for a terminal (safeJson: the structure around it is ASCII). */
const jsonString = (s: string) => safeJson(JSON.stringify(s));

/** Line breaks and indentation of a diagnostic's fields (depth 5), its range's (6) and their positions' (7). */
const FIELD = '\n' + '  '.repeat(5);
const RANGE = FIELD + '  ';
const POSITION = RANGE + '  ';

/**
 * A streamed diagnostic: safeJson(nested(jsonDiagnostic(d), 4)), written field by field instead of
 * built as an object, laid out by JSON.stringify and indented again by a pattern over the whole
 * text (with the garbage of each, a third of a run of 100,000 diagnostics). The same text:
 * test/cli/streaming.test.ts compares the two on every diagnostic of its runs.
 */
export function jsonDiagnosticText(d: CoreDiagnostic): string {
  const { start, end } = d.range;
  return (
    `{${FIELD}"line": ${start.line + 1},${FIELD}"column": ${start.character + 1},${FIELD}"endLine": ${end.line + 1},` +
    `${FIELD}"endColumn": ${end.character + 1},${FIELD}"severity": ${jsonString(d.severity)},${FIELD}"code": ${jsonString(d.code)},` +
    `${FIELD}"message": ${jsonString(d.message)},${FIELD}"range": {${RANGE}"start": {${POSITION}"line": ${start.line},` +
    `${POSITION}"character": ${start.character}${RANGE}},${RANGE}"end": {${POSITION}"line": ${end.line},` +
    `${POSITION}"character": ${end.character}${RANGE}}${FIELD}}\n${'  '.repeat(4)}}`
  );
}

export interface Counts {
  errorCount: number;
  warningCount: number;
  otherCount: number;
}

/** What a streamed document needs: a file starts, diagnostics of it, and the end. Each returns text to write. */
export interface DocumentStream {
  head(): string;
  file(path: string): string;
  diagnostics(diagnostics: readonly CoreDiagnostic[]): string;
  end(problems: readonly string[], counts: Counts): string;
}

/** A list of items written one by one at a given depth: `[` … `]` with JSON.stringify's commas and breaks. */
class ItemList {
  private count = 0;
  constructor(private readonly depth: number) {}
  item(json: string): string {
    return (this.count++ ? ',\n' : '\n') + '  '.repeat(this.depth) + json;
  }
  close(): string {
    return this.count ? '\n' + '  '.repeat(this.depth - 1) + ']' : ']';
  }
}

export class JsonStream implements DocumentStream {
  private readonly files = new ItemList(2);
  private diags: ItemList | undefined;
  constructor(private readonly version: string) {}

  head(): string {
    return `{\n  "tool": ${nested({ name: 'svcsql', version: this.version }, 1)},\n  "files": [`;
  }
  private closeFile(): string {
    if (!this.diags) return '';
    const out = this.diags.close() + '\n    }';
    this.diags = undefined;
    return out;
  }
  file(path: string): string {
    const closing = this.closeFile();
    this.diags = new ItemList(4);
    return safeJson(closing + this.files.item(`{\n      "path": ${JSON.stringify(path)},\n      "diagnostics": [`));
  }
  diagnostics(diagnostics: readonly CoreDiagnostic[]): string {
    let out = '';
    for (const d of diagnostics) out += this.diags!.item(jsonDiagnosticText(d));
    return out;
  }
  end(problems: readonly string[], counts: Counts): string {
    const tail = `${this.closeFile()}${this.files.close()},\n  "problems": ${nested(problems, 1)},\n  "errorCount": ${counts.errorCount},\n  "warningCount": ${counts.warningCount},\n  "otherCount": ${counts.otherCount}\n}\n`;
    return safeJson(tail);
  }
}

export class SarifStream implements DocumentStream {
  private readonly results = new ItemList(4);
  private readonly rules: SarifRules;
  private path = '';
  constructor(
    private readonly tool: ToolInfo,
    private readonly cwd: string = process.cwd(),
  ) {
    this.rules = new SarifRules(tool.informationUri);
  }

  head(): string {
    // The base URI and column kind do not depend on the results: they go first.
    const parts = sarifRunParts(this.rules, [], this.tool, this.cwd);
    return safeJson(
      `{\n  "$schema": ${JSON.stringify(SARIF_HEAD.$schema)},\n  "version": "2.1.0",\n  "runs": [\n    {\n` +
        `      "originalUriBaseIds": ${nested(parts.originalUriBaseIds, 3)},\n      "columnKind": "${parts.columnKind}",\n      "results": [`,
    );
  }
  file(path: string): string {
    this.path = path;
    return '';
  }
  diagnostics(diagnostics: readonly CoreDiagnostic[]): string {
    let out = '';
    for (const d of diagnostics) out += this.results.item(nested(sarifResult(this.path, d, this.rules), 4));
    return safeJson(out);
  }
  end(problems: readonly string[]): string {
    const parts = sarifRunParts(this.rules, problems, this.tool, this.cwd);
    return safeJson(
      `${this.results.close()},\n      "tool": ${nested(parts.tool, 3)},\n      "invocations": ${nested(parts.invocations, 3)}\n    }\n  ]\n}\n`,
    );
  }
}
