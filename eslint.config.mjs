// ESLint: the recommended rules of ESLint and typescript-eslint (syntax only, no type information:
// fast, and the strict tsc run already checks types), and the import boundaries of
// docs/architecture.md as no-restricted-imports patterns per folder.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const lspPackages = {
  regex: '^vscode-(languageserver|languageclient|jsonrpc)',
  message: 'core/ is plain TypeScript: the LSP lives in server/ (docs/architecture.md).',
};
const vscodeApi = (folder) => ({
  regex: '^vscode$',
  message: `${folder} runs outside VS Code too: no \`vscode\` import (docs/architecture.md).`,
});
/** Relative imports of the project's other folders (core/src/x.ts → ../../service/src/index). */
const projectFolders = (folders, who) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})/`,
  message: `${who} does not import ${folders.join(', ')} (docs/architecture.md).`,
});

/**
 * Node built-ins, `node:x` and bare (`fs`, `path/posix`): code that also runs in the browser build imports
 * none. Bare `buffer` is the npm package the browser bundles use (scripts/browserBuild.mjs browserPackages).
 */
const nodeBuiltins = (who) => ({
  regex: `^(node:.*|(${builtinModules.filter((m) => !m.startsWith('_') && m !== 'buffer').join('|')})(/.*)?)$`,
  message: `${who} runs in the browser build too (a web worker): no Node built-ins; the server reaches files, paths and URLs through server/src/host/ (docs/architecture.md).`,
});

/** Import boundaries of one folder. */
function boundaries(folder, patterns) {
  return { files: [`${folder}/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/** server/'s boundaries; its shared part (all but the Node side) also runs in a web worker. */
function serverPatterns(shared) {
  return [
    vscodeApi('server/'),
    projectFolders(['client', 'cli', 'emulator', 'service'], 'server/'),
    {
      regex: '^(\\.\\./)+core/src/(?!index$)',
      message: 'server/ imports the core only through core/src/index (docs/architecture.md).',
    },
    ...(shared ? [nodeBuiltins('server/')] : []),
  ];
}

export default defineConfig(
  { ignores: ['out/**', 'node_modules/**', 'core/src/generated/**', 'test-results/**', '**/*.vsix'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Plain JavaScript (scripts, the e2e helper extension) runs on Node; TypeScript leaves undefined names to tsc.
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        URL: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        structuredClone: 'readonly',
        globalThis: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
      },
    },
  },
  {
    // CommonJS: the e2e helper extension is plain JavaScript loaded by VS Code with require.
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      // Input validation rejects control characters on purpose (/[\u0000-\u001f]/).
      'no-control-regex': 'off',
      // A handler defined before the value it closes over is assigned (emulator/src/main.ts) is fine.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `_name` marks a parameter an interface requires but this implementation does not read.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  boundaries('core', [
    vscodeApi('core/'),
    lspPackages,
    nodeBuiltins('core/'),
    projectFolders(['client', 'server', 'service', 'cli', 'emulator', 'protocol'], 'core/'),
  ]),
  boundaries('service', [vscodeApi('service/'), projectFolders(['core', 'client', 'server', 'cli', 'emulator', 'protocol'], 'service/')]),
  boundaries('protocol', [
    {
      regex: '^(?!vscode-languageserver-protocol(/|$)|\\./)',
      message: 'protocol/ imports only vscode-languageserver-protocol (docs/architecture.md).',
    },
  ]),
  boundaries('agent', [vscodeApi('agent/'), lspPackages, projectFolders(['client', 'server', 'cli', 'emulator', 'protocol'], 'agent/')]),
  boundaries('client', [
    { regex: '(^|/)core/src(/|$)', message: 'The client reaches the core only through the language server (docs/architecture.md).' },
  ]),
  boundaries('server', serverPatterns(true)),
  // The server's Node side: its stdio transport and server/src/host/ (what the browser build swaps).
  {
    files: ['server/src/host/**/*.ts', 'server/src/lsp/stdioConnection.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns(false) }] },
  },
  boundaries('cli', [
    vscodeApi('cli/'),
    { ...lspPackages, message: 'cli/ runs without the LSP: core and service only (docs/architecture.md).' },
    projectFolders(['client', 'server', 'emulator', 'protocol'], 'cli/'),
  ]),
  // The launchers' code cache: Node alone, shared by the CLI's and the server's launchers.
  boundaries('launch', [
    {
      regex: '^(\\.\\./)+[a-z]+/src/',
      message: 'launch/ loads bundles: it imports nothing of the project (docs/architecture.md).',
    },
  ]),
  boundaries('emulator', [
    vscodeApi('emulator/'),
    { ...lspPackages, message: 'emulator/ stands in for the service: core and node only (docs/architecture.md).' },
    projectFolders(['client', 'server', 'cli', 'protocol'], 'emulator/'),
    {
      regex: '^(\\.\\./)+service/src/(?!(parseErrorPosition|credentialHeaders|connectionRules)$)',
      message:
        'emulator/ is the service, not its client: of service/ it uses only parseErrorPosition, credentialHeaders and connectionRules (docs/architecture.md).',
    },
  ]),
  // After 'client': a later block's no-restricted-imports replaces the earlier one for these files.
  {
    files: ['client/src/results/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            vscodeApi('The results page (a browser page)'),
            {
              regex: '^(node:|fs$|path$|os$|child_process$|http$|https$)',
              message: 'The results page runs in a browser: no Node modules.',
            },
            {
              regex: '^\\.\\./(?!protocol$|\\.\\./)',
              message: 'The results page imports only webview/, ../protocol and the pure modules of service/ (docs/architecture.md).',
            },
            {
              regex: '^\\.\\./\\.\\./(?!\\.\\./\\.\\./service/src/(results/|runStatus$|runStates$|timeText$|safeText$))',
              message: 'The results page imports only webview/, ../protocol and the pure modules of service/ (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  // The ANTLR parser, antlr4-c3 and ignore load on first use (core/src/syntax/antlrParser.ts,
  // core/src/workspace/workspaceFiles.ts): a value import elsewhere in the core would evaluate them
  // at every start again. Types are erased, so they stay allowed.
  {
    files: ['core/src/**/*.ts'],
    ignores: ['core/src/syntax/antlrRuntime.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['antlr4ng', 'antlr4-c3', 'ignore'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Loaded on first use: take its values from core/src/syntax/antlrParser.ts (Token constants: syntax/token.ts).',
          })),
          patterns: [
            {
              group: ['**/generated/SvcSqlParser'],
              allowTypeImports: true,
              message: 'Loaded on first use: take the parser from core/src/syntax/antlrParser.ts.',
            },
          ],
        },
      ],
    },
  },
);
