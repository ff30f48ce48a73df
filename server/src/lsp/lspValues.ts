// The LSP library's values the server uses, imported from the library in this module only. The
// library is CommonJS: the bundler gives each module that imports values from it a copy of its
// exports (~320 names, defined one by one at every start), so one importer makes one copy. Types
// are imported from the library where they are used (they cost nothing at run time).
export {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  DocumentHighlightKind,
  ErrorCodes,
  FileChangeType,
  FoldingRangeKind,
  InsertTextFormat,
  MarkupKind,
  ProposedFeatures,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  SymbolKind,
  TextDocumentSyncKind,
  WatchKind,
} from 'vscode-languageserver/node';
