// Format Document and Format Selection: the core's formatter behind textDocument/formatting and
// textDocument/rangeFormatting. Indentation comes with each request (the editor's tab size and
// insertSpaces); the line width is the `svcsql.format.lineWidth` setting, asked of the client.
import type { ClientCapabilities, Connection, FormattingOptions, ServerCapabilities, TextEdit } from 'vscode-languageserver/node';
import { formatDocumentEdits, formatRangeEdits, type FormatEdit, type FormatOptions, type SvcSqlDocument } from '../../../core/src/index';

let canAskConfiguration = false;

/** The server capabilities to announce; notes whether the client answers workspace/configuration. */
export function formattingCapabilities(
  client: ClientCapabilities,
): Pick<ServerCapabilities, 'documentFormattingProvider' | 'documentRangeFormattingProvider'> {
  canAskConfiguration = client.workspace?.configuration === true;
  return { documentFormattingProvider: true, documentRangeFormattingProvider: true };
}

async function optionsFor(connection: Connection, uri: string, editor: FormattingOptions): Promise<Partial<FormatOptions>> {
  const options: Partial<FormatOptions> = { indentSize: editor.tabSize, useTabs: !editor.insertSpaces };
  if (canAskConfiguration) {
    try {
      const settings = (await connection.workspace.getConfiguration({ scopeUri: uri, section: 'svcsql.format' })) as {
        lineWidth?: unknown;
      } | null;
      if (typeof settings?.lineWidth === 'number') options.lineWidth = settings.lineWidth;
    } catch {
      // No answer: the default width.
    }
  }
  return options;
}

function toTextEdits(doc: SvcSqlDocument, edits: readonly FormatEdit[]): TextEdit[] {
  return edits.map((e) => ({ range: doc.range(e.span), newText: e.newText }));
}

export function registerFormatting(connection: Connection, docOf: (uri: string) => SvcSqlDocument | undefined): void {
  // A failure costs this answer (no edits), never the server; the document's text is not logged.
  const safely = async (name: string, run: () => Promise<TextEdit[]>): Promise<TextEdit[]> => {
    try {
      return await run();
    } catch (error) {
      connection.console.error(`svcsql: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return [];
    }
  };

  connection.onDocumentFormatting((params) =>
    safely('formatting', async () => {
      const options = await optionsFor(connection, params.textDocument.uri, params.options);
      const doc = docOf(params.textDocument.uri);
      return doc ? toTextEdits(doc, formatDocumentEdits(doc, options)) : [];
    }),
  );

  connection.onDocumentRangeFormatting((params) =>
    safely('rangeFormatting', async () => {
      const options = await optionsFor(connection, params.textDocument.uri, params.options);
      const doc = docOf(params.textDocument.uri);
      if (!doc) return [];
      const span = { start: doc.lines.offsetAt(params.range.start), end: doc.lines.offsetAt(params.range.end) };
      return toTextEdits(doc, formatRangeEdits(doc, span, options));
    }),
  );
}
