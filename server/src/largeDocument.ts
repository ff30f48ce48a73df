// Files above LARGE_FILE_CHARS are held as plain text, without the language core's analysis: a
// 20 MB file took about 9 s and 750 MB to analyse, and every full-file answer (diagnostics,
// statements) grew with it. Such a file gets one information diagnostic that says why; completion,
// hover, outline, folding, quick fixes and running from the editor are off for it until it
// shrinks below the limit again. `svcsql lint` checks it piece by piece in bounded memory.
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { codeDescription } from './lsp/convert';

/**
 * 2 MiB of UTF-16 text, about 20,000 statements: twice the 10,000-statement file the benchmark
 * keeps fast. Measured on a loaded 2-core machine: a 4 MB file took 2 s to its first diagnostics
 * and 5 s to list its statements after an edit; a 20 MB file 9 s and over 3 minutes.
 */
export const LARGE_FILE_CHARS = 20 * 1024 * 1024;

export function isLarge(length: number): boolean {
  return length > LARGE_FILE_CHARS;
}

function megabytes(chars: number): string {
  return `${(chars / (1024 * 1024)).toFixed(1)} MB`;
}

/** A large file: its text, kept up to date, and nothing else. */
export class LargeDocument {
  private doc: TextDocument;
  constructor(uri: string, text: string, version: number) {
    this.doc = TextDocument.create(uri, 'svcsql', version, text);
  }

  update(changes: TextDocumentContentChangeEvent[], version: number): void {
    this.doc = TextDocument.update(this.doc, changes, version);
  }

  get text(): string {
    return this.doc.getText();
  }

  get length(): number {
    return this.doc.getText().length;
  }

  /** The one diagnostic a large file gets, on its first character. */
  diagnostic(): Diagnostic {
    const link = codeDescription('file-too-large');
    return {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: 3, // information
      code: 'file-too-large',
      source: 'svcsql',
      message: `This file is ${megabytes(this.length)}, more than the ${megabytes(LARGE_FILE_CHARS)} the editor analyses: diagnostics, completion, hover, outline, folding, quick fixes and Run are off for it. Check it with \`svcsql lint\` (which reads large files piece by piece), or split it.`,
      ...(link ? { codeDescription: link } : {}),
    };
  }

  /** Why `svcsql/statements` has no statements for this file. */
  unavailable(): string {
    return `The file is ${megabytes(this.length)}, more than the ${megabytes(LARGE_FILE_CHARS)} the editor analyses; run its statements with \`svcsql run\`, or split the file.`;
  }
}
