// The language server in a web worker (package.json `browser` → out/browser/client.js starts it as
// out/browser/server.js). The same server.ts as the Node build: scripts/bundle.mjs swaps the three
// Node-only modules for their browser twins (the connection, node:fs/promises, node:url) and
// vscode-languageserver/node for vscode-languageserver/browser. The import order matters.
import './browserGlobals';
import './server';
