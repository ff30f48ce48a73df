// The language server: a thin adapter from LSP to the language core.
import type { CompletionItem, CompletionList, InitializeResult, TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { CodeActionKind, TextDocumentSyncKind } from './lsp/lspValues';
import {
  analyze,
  codeActions,
  completeList,
  completionWarmup,
  documentSymbols,
  foldingRanges,
  hover,
  leadingDiagnostics,
  SvcSqlDocument,
} from '../../core/src/index';
import { isLarge, LargeDocument } from './largeDocument';
import { codeActionDiagnostic, toCodeAction, toFoldingRange, toHover, toSymbol } from './lsp/convert';
import { DiagnosticConverter } from './lsp/diagnosticConverter';
import { CompletionResolver } from './lsp/completionResolve';
import { itemDefaultsSupport, withItemDefaults, type ItemDefaultsSupport } from './lsp/completionDefaults';
import { Debouncer } from './lsp/debouncer';
import { IdleWork } from './lsp/idleWork';
import { capDiagnostics, cappedDiagnostics } from './lsp/diagnosticCap';
import { KnownNames } from './lsp/knownNames';
import { LEADING_ABOVE, LEADING_CHARS } from './lsp/leadingPublish';
import { formattingCapabilities, registerFormatting } from './lsp/formatting';
import {
  ObjectKindsRequest,
  ServerStatsRequest,
  ServiceObjectsNotification,
  StatementsRequest,
  type StatementsResult,
} from '../../protocol/src/lspExtensions';
import { objectKinds } from './lsp/objectKinds';
import { ServiceNames } from './lsp/serviceNames';
import { statementsAnswer } from './lsp/statementsAnswer';
import { connect, onIncoming } from './lsp/stdioConnection';
import { settingsFromConfiguration, settingsFromOptions } from './workspace/settings';
import { registerWorkspaceFeatures, workspaceHover } from './workspace/workspaceFeatures';
import { WorkspaceProject } from './workspace/workspaceProject';
// The extension's version, read from package.json at bundle time: the server is released with it.
import { version } from '../../package.json';

const connection = connect();

interface OpenDocument {
  doc: SvcSqlDocument;
  version: number;
  /** Set instead of an analysed doc for a file above the size limit (largeDocument.ts). */
  large?: LargeDocument;
}

/** The analysed form of a text, or its large-file stand-in. */
function openDocument(uri: string, text: string, version: number): OpenDocument {
  if (isLarge(text.length)) return { doc: EMPTY_DOCUMENT, version, large: new LargeDocument(uri, text, version) };
  return { doc: new SvcSqlDocument(text), version };
}

const EMPTY_DOCUMENT = new SvcSqlDocument('');

/** The length of a document's text after LSP changes (applied in order), without applying them. */
function lengthAfter(doc: SvcSqlDocument, changes: readonly TextDocumentContentChangeEvent[]): number {
  let length = doc.source.length;
  const lines = doc.lines;
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i]!;
    if (!('range' in c)) length = c.text.length;
    // Offsets of a later change are in the text after the earlier ones: exact for one change,
    // and an edit whose total stays near the limit is measured again by the next edit.
    else length += c.text.length - Math.abs(lines.offsetAt(c.range.end) - lines.offsetAt(c.range.start));
  }
  return length;
}

const documents = new Map<string, OpenDocument>();
/** Names of existing objects for completion; sources register below, the most precise first. */
const knownNames = new KnownNames();
/** Every .svcsql file of the workspace folders as one project (server/src/workspace/). */
const workspace = new WorkspaceProject(connection, {
  // A file above the size limit has no analysis: the index reads it as it reads any file (and skips it).
  document: (uri) => {
    const open = documents.get(uri);
    return open && !open.large ? open.doc : undefined;
  },
  openUris: () => documents.keys(),
  republish: (uri) => schedulePublish(uri),
});
knownNames.register(workspace.names);
registerWorkspaceFeatures(connection, workspace);
/** The names the Service Objects view last read from the service. */
const serviceNames = new ServiceNames();
let diagnosticsDelayMs = 75;
let debouncer = new Debouncer(diagnosticsDelayMs);
/** Diagnostics in their LSP form, with or without docs links as initialize asked. */
let diagnosticsOut = new DiagnosticConverter(true);

/** Work for quiet moments: the completion warm-up and the workspace's names, started after the first diagnostics are sent (idleWork.ts). */
const idle = new IdleWork(
  150,
  2,
  undefined,
  (error) =>
    connection.console.error(`svcsql: idle work failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  () => workspace.indexing,
);
let warmupStarted = false;
/** The completion warm-up, then the workspace's names read for completion (idle work waits for the indexing to end). */
function* idleSteps(): Generator<void, void, void> {
  yield* completionWarmup();
  yield* workspace.namesSteps();
}
// A message counts from its first bytes, before its handler runs (over stdio).
onIncoming(() => idle.touch());

/**
 * Every handler goes through here (and marks the server busy, see idleWork.ts): a broken statement or a bug in one feature must cost that one
 * answer, never the server. The error is logged without the document's text.
 */
function guarded<P extends unknown[], R>(name: string, fallback: R, fn: (...args: P) => R): (...args: P) => R {
  return (...args: P) => {
    idle.touch();
    try {
      return fn(...args);
    } catch (error) {
      connection.console.error(`svcsql: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return fallback;
    }
  };
}

connection.onInitialize((params): InitializeResult => {
  const options = (params.initializationOptions ?? {}) as { diagnosticsDelayMs?: number; workspace?: unknown; diagnosticLinks?: unknown };
  diagnosticsOut = new DiagnosticConverter(options.diagnosticLinks !== 'client');
  workspace.initialize(params, settingsFromOptions(options.workspace));
  itemDefaults = itemDefaultsSupport(params.capabilities);
  if (typeof options.diagnosticsDelayMs === 'number' && options.diagnosticsDelayMs >= 0) {
    diagnosticsDelayMs = options.diagnosticsDelayMs;
    debouncer = new Debouncer(diagnosticsDelayMs);
  }
  // Warm the parser's prediction caches so that the first real file is not the slow one. Valid
  // statements take the hand-written fast path, so a broken one is needed to warm ANTLR. After the
  // answer, while the client handles it, and once the workspace walk has handed the files to the
  // index workers: done here it held both back by the ANTLR runtime's start (30-40 ms); started
  // before the walk's end it held up the walk (and the workers' first files) as long.
  void workspace.whenWalked().then(() =>
    setTimeout(
      guarded('warm-up', undefined, () =>
        analyze(
          "CREATE FLOW f SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'MUTABLE' WITH 'k' = 'v'\nALTER OCU SET LIMIT = 3\nCREATE FLOW g LAKE 'x' PARTITION_KEY_FIELDS = (field = 'a'",
        ),
      ),
      0,
    ),
  );
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      completionProvider: { triggerCharacters: [' ', '=', "'", '(', ',', '.'], resolveProvider: true },
      hoverProvider: true,
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      ...workspace.capabilities,
      ...formattingCapabilities(params.capabilities),
    },
    serverInfo: { name: 'svcsql-language-server', version },
  };
});

connection.onInitialized(guarded('initialized', undefined, () => workspace.start()));
connection.onDidChangeConfiguration(
  guarded('didChangeConfiguration', undefined, (params) => workspace.configure(settingsFromConfiguration(params.settings))),
);
connection.onDidChangeWatchedFiles(guarded('didChangeWatchedFiles', undefined, (params) => void workspace.filesChanged(params.changes)));

function publish(uri: string): void {
  const open = documents.get(uri);
  if (!open) return;
  if (open.large) return void connection.sendDiagnostics({ uri, version: open.version, diagnostics: [open.large.diagnostic()] });
  const fromWorkspace = workspace.diagnostics(uri);
  // Without workspace diagnostics (the usual case) the cap converts only what it keeps.
  const core = fromWorkspace.length ? capDiagnostics([...open.doc.diagnostics(), ...fromWorkspace]) : cappedDiagnostics(open.doc);
  void connection.sendDiagnostics({ uri, version: open.version, diagnostics: diagnosticsOut.lspList(uri, core) });
  if (!warmupStarted) {
    warmupStarted = true;
    idle.start(idleSteps());
  }
}

function schedulePublish(uri: string, immediately = false): void {
  const run = guarded('diagnostics', undefined, () => publish(uri));
  if (immediately || diagnosticsDelayMs === 0) {
    debouncer.cancel(uri);
    run();
  } else {
    debouncer.schedule(uri, run);
  }
}

connection.onDidOpenTextDocument(
  guarded('didOpen', undefined, (params) => {
    const { uri, text, version } = params.textDocument;
    const open = openDocument(uri, text, version);
    documents.set(uri, open);
    workspace.opened(uri);
    const leading = open.large || text.length < LEADING_ABOVE ? undefined : leadingDiagnostics(text, LEADING_CHARS);
    if (!leading) return schedulePublish(uri, true);
    // A large file: the diagnostics of its first statements go out first, the whole file's once it
    // is analysed (on the next turn, after the writer has sent the first).
    void connection.sendDiagnostics({ uri, version, diagnostics: diagnosticsOut.lspList(uri, capDiagnostics(leading)) });
    setImmediate(() => {
      if (documents.get(uri) === open) schedulePublish(uri, true);
    });
  }),
);

connection.onDidChangeTextDocument(
  guarded('didChange', undefined, (params) => {
    const uri = params.textDocument.uri;
    const open = documents.get(uri);
    if (!open) return;
    const version = params.textDocument.version;
    if (open.large) {
      // Plain text edits; below the limit again, the file is analysed again.
      open.large.update(params.contentChanges, version);
      open.version = version;
      if (!isLarge(open.large.length)) documents.set(uri, openDocument(uri, open.large.text, version));
    } else if (isLarge(lengthAfter(open.doc, params.contentChanges))) {
      // An edit that makes the file large (a paste) drops its analysis, before analysing the paste.
      const large = new LargeDocument(uri, open.doc.text, open.version);
      large.update(params.contentChanges, version);
      documents.set(uri, { doc: EMPTY_DOCUMENT, version, large });
    } else {
      open.doc.update(params.contentChanges.map((c) => ('range' in c ? { range: c.range, text: c.text } : { text: c.text })));
      open.version = version;
      if (isLarge(open.doc.source.length)) documents.set(uri, openDocument(uri, open.doc.text, version));
    }
    workspace.changed(uri);
    schedulePublish(params.textDocument.uri);
  }),
);

connection.onDidCloseTextDocument(
  guarded('didClose', undefined, (params) => {
    const uri = params.textDocument.uri;
    debouncer.cancel(uri);
    documents.delete(uri);
    diagnosticsOut.forget(uri);
    workspace.closed(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
  }),
);

/** The analysed document; undefined for a large one, so every feature answers empty for it. */
const docOf = (uri: string) => {
  const open = documents.get(uri);
  return open && !open.large ? open.doc : undefined;
};

const completionResolver = new CompletionResolver();
/** Which completion list item defaults the client takes (completionDefaults.ts). */
let itemDefaults: ItemDefaultsSupport = { editRange: false, insertTextFormat: false };

connection.onCompletion(
  guarded('completion', [] as CompletionItem[] | CompletionList, (params) => {
    const doc = docOf(params.textDocument.uri);
    if (!doc) return [];
    const list = completeList(doc, params.position, knownNames.source);
    const items = completionResolver.items(list.items);
    // Names chosen by what is typed (a kind with more than NAME_LIMIT): the editor asks again as typing goes on.
    return withItemDefaults(items, list.incomplete, itemDefaults) ?? (list.incomplete ? { isIncomplete: true, items } : items);
  }),
);

// A failure leaves the item as it came.
connection.onCompletionResolve((item) => guarded('completionResolve', item, () => completionResolver.resolve(item))());

connection.onHover(
  guarded('hover', null, (params) => {
    const doc = docOf(params.textDocument.uri);
    const h = doc ? hover(doc, params.position) : undefined;
    return workspaceHover(workspace, params.textDocument.uri, params.position, h ? toHover(h) : null);
  }),
);

connection.onDocumentSymbol(
  guarded('documentSymbol', [], (params) => {
    const doc = docOf(params.textDocument.uri);
    return doc ? documentSymbols(doc).map(toSymbol) : [];
  }),
);

connection.onFoldingRanges(
  guarded('foldingRange', [], (params) => {
    const doc = docOf(params.textDocument.uri);
    return doc ? foldingRanges(doc).map(toFoldingRange) : [];
  }),
);

connection.onCodeAction(
  guarded('codeAction', [], (params) => {
    const doc = docOf(params.textDocument.uri);
    if (!doc) return [];
    const ours = params.context.diagnostics.filter((d) => d.source === 'svcsql').map((d) => codeActionDiagnostic(doc, d));
    return codeActions(doc, params.range, ours).map((a) => toCodeAction(a, params.textDocument.uri, diagnosticsOut.lsp));
  }),
);

registerFormatting(connection, docOf);

connection.onRequest(
  StatementsRequest,
  guarded('statements', null, (params): StatementsResult | null => {
    const large = documents.get(params.uri)?.large;
    if (large) return { statements: [], unavailable: large.unavailable() };
    const doc = docOf(params.uri);
    return doc ? statementsAnswer(doc, params) : null;
  }),
);

// Memory figures for the benchmark (the heap target is the server's, not the client's).
connection.onRequest(
  ServerStatsRequest,
  guarded('stats', { heapUsed: 0, rss: 0, documents: 0, documentsIndexed: 0 }, () => {
    const memory = process.memoryUsage();
    return { heapUsed: memory.heapUsed, rss: memory.rss, documents: documents.size, documentsIndexed: workspace.documentsIndexed };
  }),
);

// The Service Objects view: the kinds it lists, and the names it read (for completion). Registered
// after the other name sources: names found in the workspace say more (where the object is made).
knownNames.register(serviceNames.source);
connection.onRequest(ObjectKindsRequest, guarded('objectKinds', { kinds: [] }, objectKinds));
connection.onNotification(
  ServiceObjectsNotification,
  guarded('serviceObjects', undefined, (params) => serviceNames.update(params)),
);

connection.listen();
