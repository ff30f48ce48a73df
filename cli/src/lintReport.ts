// What `svcsql lint` found: the shape lint.ts fills and crossFile.ts and the output formats read.
import type { CoreDiagnostic } from '../../core/src/index';

export interface FileReport {
  /** Relative to the working directory, forward slashes. */
  path: string;
  diagnostics: CoreDiagnostic[];
}

export interface LintReport {
  files: FileReport[];
  /** Files or arguments that could not be read: each makes the exit code 2. */
  problems: string[];
  notes: string[];
  errorCount: number;
  warningCount: number;
  /** information + hint */
  otherCount: number;
}
