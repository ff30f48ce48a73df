// Where `svcsql lint` sends diagnostics as each piece of a file is analysed: the output formats.
// Text and GitHub annotations are one line per diagnostic and are written at once. A JSON or SARIF
// document is built whole while the run is small (exactly today's document: counts first), and is
// streamed once the run passes STREAM_AFTER diagnostics (reportFormats/streamed.ts: counts last).
import type { CoreDiagnostic } from '../../core/src/index';
import { githubLines, githubProblemLines } from './reportFormats/github';
import { jsonReportParts } from './reportFormats/json';
import { sarifReportParts, type ToolInfo } from './reportFormats/sarif';
import { JsonStream, SarifStream, type DocumentStream } from './reportFormats/streamed';
import { textLines } from './reportFormats/text';
import type { FileReport, LintReport } from './lintReport';
import type { Colors } from './output';

export interface LintSummary {
  /** Files analysed (at least in part). */
  files: number;
  /** Arguments or files that could not be read: each makes the exit code 2. */
  problems: string[];
  notes: string[];
  errorCount: number;
  warningCount: number;
  /** information + hint */
  otherCount: number;
}

export interface LintSink {
  /** A file starts (every analysed file, with or without diagnostics). */
  file(path: string): void | Promise<void>;
  /** Diagnostics of the current file, in order (one call per piece of the file). */
  diagnostics(diagnostics: readonly CoreDiagnostic[]): void | Promise<void>;
  /** After the last file. */
  end(summary: LintSummary): void | Promise<void>;
}

/** Writes text; resolves when the stream can take more (back-pressure on a slow reader). */
export type Write = (text: string) => void | Promise<void>;

/** A JSON or SARIF document of more diagnostics than this is streamed (counts last) rather than held to the run's end (counts first). */
export const STREAM_AFTER = 10_000;

/**
 * Diagnostics per write of a JSON or SARIF document. A piece of a file can hold thousands (a warning
 * a statement: ~6,500 a piece, 3.6 MB of JSON, 200,000 strings joined), and a held document up to
 * STREAM_AFTER; that text, built as one string, outlived the young generation's collections while it
 * grew (each copied it) and was then flattened and encoded whole. Written 64 diagnostics at a time
 * it dies young: `lint -f json` of 100,000 warnings 0.84x the time and 30 MB less memory, `-f sarif`
 * 0.66x; of 10,000 (held) 0.68x and 0.71x, 25 MB less (A/B pairs; 1,024 at a time: 0.83x and 0.71x
 * at 100,000). The line formats (text, GitHub: ~130-250 bytes a diagnostic) measured even or slower
 * with it, and keep one write a piece.
 */
export const DIAGNOSTICS_PER_WRITE = 64;

/** One line per diagnostic, as they come. */
class LineSink implements LintSink {
  private path = '';
  constructor(
    private readonly write: Write,
    private readonly lines: (path: string, diagnostics: readonly CoreDiagnostic[]) => string,
    private readonly tail: (summary: LintSummary) => string = () => '',
  ) {}
  file(path: string): void {
    this.path = path;
  }
  diagnostics(diagnostics: readonly CoreDiagnostic[]) {
    if (diagnostics.length) return this.write(this.lines(this.path, diagnostics));
  }
  end(summary: LintSummary) {
    const tail = this.tail(summary);
    if (tail) return this.write(tail);
  }
}

/** A document held whole while small, streamed past `limit` diagnostics. */
class DocumentSink implements LintSink {
  private held: FileReport[] | undefined = [];
  private count = 0;
  constructor(
    private readonly write: Write,
    private readonly whole: (report: LintReport, perPart: number) => Iterable<string>,
    private readonly stream: DocumentStream,
    private readonly limit: number,
  ) {}
  async file(path: string): Promise<void> {
    if (this.held) this.held.push({ path, diagnostics: [] });
    else await this.write(this.stream.file(path));
  }
  async diagnostics(diagnostics: readonly CoreDiagnostic[]): Promise<void> {
    if (this.held) {
      const current = this.held[this.held.length - 1]!;
      for (const d of diagnostics) current.diagnostics.push(d);
      this.count += diagnostics.length;
      if (this.count > this.limit) await this.startStreaming();
    } else {
      await this.writeDiagnostics(diagnostics);
    }
  }
  private async startStreaming(): Promise<void> {
    const held = this.held!;
    this.held = undefined;
    await this.write(this.stream.head());
    for (const f of held) {
      await this.write(this.stream.file(f.path));
      await this.writeDiagnostics(f.diagnostics);
    }
  }
  /** Streamed diagnostics, DIAGNOSTICS_PER_WRITE at a time. */
  private async writeDiagnostics(diagnostics: readonly CoreDiagnostic[]): Promise<void> {
    for (let i = 0; i < diagnostics.length; i += DIAGNOSTICS_PER_WRITE) {
      const slice = diagnostics.length <= DIAGNOSTICS_PER_WRITE ? diagnostics : diagnostics.slice(i, i + DIAGNOSTICS_PER_WRITE);
      await this.write(this.stream.diagnostics(slice));
    }
  }
  async end(summary: LintSummary): Promise<void> {
    if (this.held) for (const part of this.whole({ ...summary, files: this.held }, DIAGNOSTICS_PER_WRITE)) await this.write(part);
    else await this.write(this.stream.end(summary.problems, summary));
  }
}

/** `reportFormat`: the lint report's output format (`svcsql lint --format`). */
export function lintSink(reportFormat: string, options: { colors: Colors; tool: ToolInfo; write: Write; streamAfter?: number }): LintSink {
  const { write, tool } = options;
  const limit = options.streamAfter ?? STREAM_AFTER;
  if (reportFormat === 'json')
    return new DocumentSink(write, (r, perPart) => jsonReportParts(r, tool.version, perPart), new JsonStream(tool.version), limit);
  if (reportFormat === 'sarif')
    return new DocumentSink(write, (r, perPart) => sarifReportParts(r, tool, perPart), new SarifStream(tool), limit);
  if (reportFormat === 'github') return new LineSink(write, githubLines, (s) => githubProblemLines(s.problems));
  return new LineSink(write, (path, ds) => textLines(path, ds, options.colors));
}
