// The JSON and SARIF documents written as the diagnostics come, for runs too large to hold: the
// same document, but the parts that are only known at the end (the counts and unreadable files in
// JSON; the rules and the invocation in SARIF) follow the diagnostics instead of preceding them.
// Laid out as JSON.stringify(…, null, 2) lays out the whole document.
import type { CoreDiagnostic } from '../../../core/src/index';
import { safeJson } from '../../../service/src/safeText';
import { jsonDiagnosticText } from './json';
import { ItemList, nested } from './jsonLayout';
import { SARIF_HEAD, SarifRules, relativeUri, sarifResultText, sarifRunParts, type ToolInfo } from './sarif';

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
  /** The current file's URI (relativeUri: made once per file, not per result). */
  private uri = '';
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
    this.uri = relativeUri(path);
    return '';
  }
  diagnostics(diagnostics: readonly CoreDiagnostic[]): string {
    let out = '';
    for (const d of diagnostics) out += this.results.item(sarifResultText(this.uri, d, this.rules));
    return out;
  }
  end(problems: readonly string[]): string {
    const parts = sarifRunParts(this.rules, problems, this.tool, this.cwd);
    return safeJson(
      `${this.results.close()},\n      "tool": ${nested(parts.tool, 3)},\n      "invocations": ${nested(parts.invocations, 3)}\n    }\n  ]\n}\n`,
    );
  }
}
