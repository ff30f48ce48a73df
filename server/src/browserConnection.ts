// The server's connection in a web worker (the browser build's stand-in for lsp/stdioConnection.ts,
// swapped in by scripts/bundle.mjs): LSP messages arrive and leave by postMessage.
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createConnection,
  ProposedFeatures,
  type Connection,
} from 'vscode-languageserver/browser';

/** The worker's global scope (the project compiles without the DOM's types). */
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

let current: Connection | undefined;

export function connect(): Connection {
  current ??= createConnection(ProposedFeatures.all, new BrowserMessageReader(self), new BrowserMessageWriter(self));
  return current;
}

/** The connection made by connect(), for the modules that ask the client (browserFileSystem.ts). */
export function clientConnection(): Connection {
  return connect();
}

/** As lsp/stdioConnection.ts's: a worker's messages are seen by their handlers only. */
export function onIncoming(_listener: () => void): void {}
