// The LSP features of the workspace index: go to definition, find references, rename (with
// prepareRename), document highlights, workspace symbols, and the hover line that says where an
// object is created. Each answer first brings edited open documents up to date.
import type {
  Connection,
  DocumentHighlight,
  Hover,
  Location,
  Position,
  Range,
  SymbolInformation,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver/node';
import { DocumentHighlightKind, ErrorCodes, MarkupKind, ResponseError, SymbolKind } from '../lsp/lspValues';
import {
  objectInWords,
  objectKinds,
  renameObject,
  type IndexedFile,
  type ObjectLocation,
  type ObjectOccurrence,
} from '../../../core/src/index';
import type { WorkspaceProject } from './workspaceProject';

const rangeOf = (o: ObjectOccurrence): Range => ({
  start: { line: o.line, character: o.character },
  end: { line: o.endLine, character: o.endCharacter },
});

/** Like the server's own guard, but a ResponseError (a refused rename) goes to the client as it is. */
function answer<P, R>(connection: Connection, name: string, fallback: R, fn: (params: P) => R): (params: P) => R {
  return (params: P) => {
    try {
      return fn(params);
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      connection.console.error(`svcsql: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return fallback;
    }
  };
}

export function registerWorkspaceFeatures(connection: Connection, project: WorkspaceProject): void {
  const index = project.index;
  /**
   * The locations of a list, each file's URI made once: a list holds a file's occurrences together,
   * and a URI per location (pathToFileURL) was most of the time of a large references answer.
   */
  const locationsOf = (list: readonly ObjectLocation[]): Location[] => {
    let file: IndexedFile | undefined;
    let uri = '';
    return list.map((l) => {
      if (l.file !== file) {
        file = l.file;
        uri = project.uriOf(file.id);
      }
      return { uri, range: rangeOf(l.occurrence) };
    });
  };
  const at = (uri: string, position: Position): ObjectOccurrence | undefined => {
    project.fresh();
    return index.occurrenceAt(project.idOf(uri), position);
  };

  connection.onDefinition(
    answer(connection, 'definition', null, (p): Location[] | null => {
      const o = at(p.textDocument.uri, p.position);
      return o ? locationsOf(index.definitionsOf(o.kind, o.key)) : null;
    }),
  );

  connection.onReferences(
    answer(connection, 'references', null, (p): Location[] | null => {
      const o = at(p.textDocument.uri, p.position);
      if (!o) return null;
      return locationsOf(
        index.occurrencesOf(o.kind, o.key).filter((l) => p.context.includeDeclaration || l.occurrence.role === 'reference'),
      );
    }),
  );

  connection.onDocumentHighlight(
    answer(connection, 'documentHighlight', null, (p): DocumentHighlight[] | null => {
      const o = at(p.textDocument.uri, p.position);
      if (!o) return null;
      return index.occurrencesInFile(project.idOf(p.textDocument.uri), o.kind, o.key).map((l) => ({
        range: rangeOf(l.occurrence),
        kind: l.occurrence.role === 'definition' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
      }));
    }),
  );

  const notRenamable = () =>
    new ResponseError(ErrorCodes.InvalidRequest, `Only names of ${objectKinds.map((k) => k.plural).join(', ')} can be renamed.`);

  connection.onPrepareRename(
    answer(connection, 'prepareRename', null, (p): { range: Range; placeholder: string } | null => {
      const o = at(p.textDocument.uri, p.position);
      if (!o) throw notRenamable();
      return { range: rangeOf(o), placeholder: o.name };
    }),
  );

  connection.onRenameRequest(
    answer(connection, 'rename', null, (p): WorkspaceEdit | null => {
      const o = at(p.textDocument.uri, p.position);
      if (!o) throw notRenamable();
      const result = renameObject(index, o, p.newName);
      if ('error' in result) throw new ResponseError(ErrorCodes.InvalidRequest, result.error);
      const changes: Record<string, TextEdit[]> = {};
      for (const f of result.edits) changes[project.uriOf(f.file.id)] = f.edits;
      return { changes };
    }),
  );

  connection.onWorkspaceSymbol(
    answer(connection, 'workspaceSymbol', [], (p): SymbolInformation[] => {
      project.fresh();
      const found = index.symbols(p.query);
      const locations = locationsOf(found);
      return found.map((l, i) => ({
        name: l.occurrence.name,
        kind: SymbolKind.Object,
        containerName: objectKinds.find((k) => k.kind === l.occurrence.kind)?.label,
        location: locations[i]!,
      }));
    }),
  );
}

/** The hover of a name: where its object is created, after what the core's hover says (if anything). */
export function workspaceHover(project: WorkspaceProject, uri: string, position: Position, core: Hover | null): Hover | null {
  project.fresh();
  const o = project.index.occurrenceAt(project.idOf(uri), position);
  if (!o) return core;
  const words = objectInWords(project.index, o.kind, o.key, o.name);
  if (!core) return { contents: { kind: MarkupKind.Markdown, value: words }, range: rangeOf(o) };
  const value = typeof core.contents === 'object' && 'value' in core.contents ? core.contents.value : String(core.contents);
  return { contents: { kind: MarkupKind.Markdown, value: `${value}\n\n---\n\n${words}` }, range: core.range };
}
