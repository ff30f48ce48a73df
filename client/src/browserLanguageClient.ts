// The language client of the browser build (swapped in for languageClient.ts by scripts/bundle.mjs):
// the server is out/browser/server.js in a dedicated Web Worker, reading the workspace through the
// client (browserFileSystem.ts) under the URI mapping of browserUris.ts. The rest of languageClient.ts
// (statement boundaries) is shared.
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/browser';
import type { LanguageClient as NodeLanguageClient } from 'vscode-languageclient/node';
import { serveFileSystem } from './browserFileSystem';
import { toEditorUri, toServerUri } from './browserUris';
import { DIAGNOSTIC_LINKS_OPTION, diagnosticLinksMiddleware } from './diagnosticLinks';
import { WORKSPACE_SETTING_SECTIONS, workspaceSettings } from './workspaceSettings';

export { sendTyped, StatementSource, StatementsUnavailableError } from './languageClient';

/** A web worker extension host has Worker; the project compiles without the DOM's types. */
declare const Worker: new (url: string, options?: { name?: string }) => ServerOptions;

export function browserClientOptions(): LanguageClientOptions {
  return {
    // Any scheme: a virtual workspace's files are vscode-vfs:, vscode-test-web:, … rather than file:.
    documentSelector: [{ language: 'svcsql' }],
    initializationOptions: { workspace: workspaceSettings(), ...DIAGNOSTIC_LINKS_OPTION },
    middleware: diagnosticLinksMiddleware,
    synchronize: { configurationSection: WORKSPACE_SETTING_SECTIONS },
    uriConverters: { code2Protocol: toServerUri, protocol2Code: toEditorUri },
  };
}

export function createLanguageClient(context: vscode.ExtensionContext): NodeLanguageClient {
  const serverUri = vscode.Uri.joinPath(context.extensionUri, 'out', 'browser', 'server.js');
  const worker = new Worker(serverUri.toString(true), { name: 'svcsql-language-server' });
  const client = new LanguageClient('svcsql', 'Service SQL Language Server', worker, browserClientOptions());
  serveFileSystem(client);
  // In this build every `vscode-languageclient/node` import is the browser module (scripts/bundle.mjs),
  // and the extension uses only what both clients share (BaseLanguageClient).
  return client as unknown as NodeLanguageClient;
}
