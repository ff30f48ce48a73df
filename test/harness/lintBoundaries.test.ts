// The import boundaries of docs/architecture.md, as eslint.config.mjs enforces them: an import that
// crosses one is an error in that folder, and the same import is fine where it is allowed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';

interface Case {
  file: string;
  code: string;
  restricted: boolean;
}

const cases: Case[] = [
  { file: 'core/src/x.ts', code: "import * as vscode from 'vscode';", restricted: true },
  { file: 'core/src/x.ts', code: "import { createConnection } from 'vscode-languageserver/node';", restricted: true },
  { file: 'core/src/x.ts', code: "import { Message } from 'vscode-jsonrpc';", restricted: true },
  { file: 'core/src/complete/x.ts', code: "import { ServiceClient } from '../../../service/src/index';", restricted: true },
  { file: 'core/src/complete/x.ts', code: "import { quote } from '../describe';", restricted: false },
  { file: 'service/src/x.ts', code: "import * as vscode from 'vscode';", restricted: true },
  { file: 'client/src/x.ts', code: "import { analyze } from '../../core/src/index';", restricted: true },
  { file: 'client/src/x.ts', code: "import * as vscode from 'vscode';", restricted: false },
  { file: 'protocol/src/x.ts', code: "import { TextDocument } from 'vscode-languageserver';", restricted: true },
  { file: 'protocol/src/x.ts', code: "import { RequestType } from 'vscode-languageserver-protocol';", restricted: false },
  { file: 'server/src/x.ts', code: "import { analyze } from '../../core/src/index';", restricted: false },
  { file: 'server/src/lsp/x.ts', code: "import { catalog } from '../../../core/src/catalog/index';", restricted: true },
  { file: 'server/src/x.ts', code: "import * as vscode from 'vscode';", restricted: true },
  { file: 'server/src/x.ts', code: "import { ServiceClient } from '../../service/src/index';", restricted: true },
  { file: 'server/src/x.ts', code: "import { StatementsRequest } from '../../protocol/src/lspExtensions';", restricted: false },
  { file: 'server/src/x.ts', code: "import { createConnection } from 'vscode-languageserver/node';", restricted: false },
  { file: 'cli/src/x.ts', code: "import * as vscode from 'vscode';", restricted: true },
  { file: 'cli/src/x.ts', code: "import { createConnection } from 'vscode-languageserver/node';", restricted: true },
  { file: 'cli/src/x.ts', code: "import { Runner } from '../../client/src/runner';", restricted: true },
  { file: 'cli/src/x.ts', code: "import { analyze } from '../../core/src/index';", restricted: false },
  { file: 'cli/src/x.ts', code: "import { ServiceClient } from '../../service/src/index';", restricted: false },
  { file: 'emulator/src/x.ts', code: "import * as vscode from 'vscode';", restricted: true },
  { file: 'emulator/src/x.ts', code: "import { ServiceClient } from '../../service/src/index';", restricted: true },
  { file: 'emulator/src/x.ts', code: "import { lintPaths } from '../../cli/src/lint';", restricted: true },
  { file: 'emulator/src/x.ts', code: "import { serviceColumnOf } from '../../service/src/parseErrorPosition';", restricted: false },
  { file: 'emulator/src/x.ts', code: "import { HEADER_FIELDS } from '../../service/src/credentialHeaders';", restricted: false },
  { file: 'emulator/src/x.ts', code: "import { effectiveHeaderPrefix } from '../../service/src/connectionRules';", restricted: false },
  { file: 'emulator/src/x.ts', code: "import { buildHeaders } from '../../service/src/headers';", restricted: true },
  { file: 'emulator/src/x.ts', code: "import { analyze } from '../../core/src/index';", restricted: false },
  // The web build: the core and the server's shared part run in a web worker, so no Node built-ins;
  // only the server's Node side (server/src/host/, its stdio transport) imports them.
  { file: 'core/src/x.ts', code: "import { readFile } from 'node:fs/promises';", restricted: true },
  { file: 'core/src/workspace/x.ts', code: "import * as path from 'path';", restricted: true },
  { file: 'core/src/x.ts', code: "import { posix } from 'path/posix';", restricted: true },
  { file: 'core/src/x.ts', code: "import { Buffer } from 'node:buffer';", restricted: true },
  { file: 'server/src/workspace/x.ts', code: "import { readFile } from 'node:fs/promises';", restricted: true },
  { file: 'server/src/workspace/x.ts', code: "import { readFileSync } from 'fs';", restricted: true },
  { file: 'server/src/lsp/x.ts', code: "import { inspect } from 'node:util';", restricted: true },
  { file: 'server/src/x.ts', code: "import { fileURLToPath } from 'url';", restricted: true },
  { file: 'server/src/workspace/x.ts', code: "import { readFile } from '../host/fs';", restricted: false },
  { file: 'server/src/host/x.ts', code: "export { readFile } from 'node:fs/promises';", restricted: false },
  { file: 'server/src/host/x.ts', code: "import { ServiceClient } from '../../../service/src/index';", restricted: true },
  { file: 'server/src/lsp/stdioConnection.ts', code: "import { inspect } from 'node:util';", restricted: false },
  { file: 'server/src/browserBuffer.ts', code: "export { Buffer } from 'buffer';", restricted: false },
  { file: 'cli/src/x.ts', code: "import { readFile } from 'node:fs/promises';", restricted: false },
  { file: 'client/src/results/webview/x.ts', code: "import * as vscode from 'vscode';", restricted: true },
  { file: 'client/src/results/webview/x.ts', code: "import { readFileSync } from 'node:fs';", restricted: true },
  { file: 'client/src/results/webview/x.ts', code: "import { ServiceClient } from '../../../../service/src/index';", restricted: true },
  { file: 'client/src/results/webview/x.ts', code: "import { prettyJson } from '../../runText';", restricted: true },
  { file: 'client/src/results/webview/x.ts', code: "import { analyze } from '../../../../core/src/index';", restricted: true },
  { file: 'client/src/results/webview/x.ts', code: "import { autoOpen } from '../autoOpen';", restricted: true },
  { file: 'client/src/results/webview/x.ts', code: "import type { ToPage } from '../protocol';", restricted: false },
  {
    file: 'client/src/results/webview/x.ts',
    code: "import { findTables } from '../../../../service/src/results/table';",
    restricted: false,
  },
  {
    file: 'client/src/results/webview/x.ts',
    code: "import { formatDuration } from '../../../../service/src/timeText';",
    restricted: false,
  },
  { file: 'client/src/results/webview/x.ts', code: "import { h } from './dom';", restricted: false },
];

/** Lints each case's text as if it were that file, in one ESLint process; returns the rule ids reported per case. */
function lint(all: readonly Case[]): string[][] {
  const script = `
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: process.cwd() });
    const cases = JSON.parse(process.argv[1]);
    const out = [];
    for (const c of cases) {
      const [result] = await eslint.lintText(c.code + '\\nexport {};\\n', { filePath: c.file });
      out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.ruleId));
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(all)], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return JSON.parse(stdout) as string[][];
}

test('eslint.config.mjs forbids the imports docs/architecture.md forbids, and only those', () => {
  const reported = lint(cases);
  cases.forEach((c, i) => {
    assert.equal(reported[i]!.length > 0, c.restricted, `${c.file}: ${c.code} should be ${c.restricted ? 'restricted' : 'allowed'}`);
  });
});
