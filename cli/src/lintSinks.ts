// Where `svcsql lint` sends diagnostics as each piece of a file is analysed: the output formats.
// Text and GitHub annotations are one line per diagnostic and are written at once. A JSON or SARIF
// document is built whole while the run is small (exactly today's document: counts first), and is
// streamed once the run passes STREAM_AFTER diagnostics (reportFormats/streamed.ts: counts last).
import type { CoreDiagnostic } from '../../core/src/index';
import { githubLines, githubProblemLines } from './reportFormats/github';
import { jsonReport } from './reportFormats/json';
import { sarifReport, type ToolInfo } from './reportFormats/sarif';
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

/** A JSON or SARIF document of more diagnostics than this is streamed rather than built whole. */
export const STREAM_AFTER = 10_000;

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
    private readonly whole: (report: LintReport) => string,
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
      await this.write(this.stream.diagnostics(diagnostics));
    }
  }
  private async startStreaming(): Promise<void> {
    const held = this.held!;
    this.held = undefined;
    await this.write(this.stream.head());
    for (const f of held) {
      await this.write(this.stream.file(f.path));
      await this.write(this.stream.diagnostics(f.diagnostics));
    }
  }
  async end(summary: LintSummary): Promise<void> {
    if (this.held) await this.write(this.whole({ ...summary, files: this.held }));
    else await this.write(this.stream.end(summary.problems, summary));
  }
}

/** `reportFormat`: the lint report's output format (`svcsql lint --format`). */
export function lintSink(reportFormat: string, options: { colors: Colors; tool: ToolInfo; write: Write; streamAfter?: number }): LintSink {
  const { write, tool } = options;
  const limit = options.streamAfter ?? STREAM_AFTER;
  if (reportFormat === 'json') return new DocumentSink(write, (r) => jsonReport(r, tool.version), new JsonStream(tool.version), limit);
  if (reportFormat === 'sarif') return new DocumentSink(write, (r) => sarifReport(r, tool), new SarifStream(tool), limit);
  if (reportFormat === 'github') return new LineSink(write, githubLines, (s) => githubProblemLines(s.problems));
  return new LineSink(write, (path, ds) => textLines(path, ds, options.colors));
}
