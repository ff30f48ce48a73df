// The extension's entry in the browser (package.json `browser`): vscode.dev, github.dev, VS Code for
// the Web. The same activate() as the desktop build; scripts/bundle.mjs swaps the Node-only modules
// (the language client's transport, node:crypto) for their browser twins and gives the bundle a
// Buffer, which the web worker extension host lacks.
export { activate, deactivate } from './extension';
