// Where Run Statement / Run All apply: a code lens hands (uri, position), the editor title
// (uri, context), the editor's context menu or a key nothing (the active editor).
import * as vscode from 'vscode';
import { isPos, type Span } from '../history';
import { toSpan } from '../runner';

const START: Span = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The document and selection to run from; undefined when no .svcsql document is at hand. */
export function runTarget(uri?: unknown, position?: unknown): { uri: vscode.Uri; selection: Span } | undefined {
  if (uri instanceof vscode.Uri && isPos(position)) {
    const at = { line: position.line, character: position.character };
    return { uri, selection: { start: at, end: { ...at } } };
  }
  const editor = editorFor(uri);
  if (editor) return { uri: editor.document.uri, selection: toSpan(editor.selection) };
  // The title of an editor that is not visible (e.g. a diff side): its first statement.
  return uri instanceof vscode.Uri ? { uri, selection: START } : undefined;
}

/** The document Run All runs: the one handed in, or the active editor's. */
export function runAllTarget(uri?: unknown): vscode.Uri | undefined {
  return uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
}

/** The visible editor of `uri`, or the active editor when no uri is handed in. */
function editorFor(uri?: unknown): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  if (!(uri instanceof vscode.Uri)) return active;
  return (
    vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString()) ??
    (active?.document.uri.toString() === uri.toString() ? active : undefined)
  );
}
