// One rule for which files are the workspace (core/src/workspace/workspaceFiles.ts): the CLI's
// walk (`svcsql lint <folder>`) and the language server's index pick the same files from the same
// folder, row by row of one table; and the pure rule answers the same for each path.
import assert from 'node:assert/strict';
import { mkdirSync, promises as fs, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { WorkspaceSymbolRequest, type SymbolInformation } from 'vscode-languageserver-protocol/node';
import { nodeWalkHost, walkWorkspace, WorkspaceFileRules } from '../../core/src/index';
import { MAX_IGNORE_FILE_BYTES } from '../../core/src/workspace/readableFiles';
import { LspClient } from '../lsp/lspClient';
import { runCli, tempDir } from './helpers';

/** [path under the workspace folder, is it a workspace file, why]. */
const TABLE: [string, boolean, string][] = [
  ['a.svcsql', true, 'a .svcsql file'],
  ['sub/b.svcsql', true, 'in a subfolder'],
  ['notes.txt', false, 'another extension'],
  ['UPPER.SVCSQL', true, 'the extension in any case'],
  ['Mixed.SvcSql', true, 'the extension in any case'],
  ['node_modules/pkg/v.svcsql', false, 'excluded folder (default)'],
  ['out/built.svcsql', false, 'excluded folder (default)'],
  ['deep/.git/x.svcsql', false, 'excluded folder (default)'],
  ['.hidden/h.svcsql', true, 'hidden folders are entered'],
  ['generated/g.svcsql', false, 'the folder is in .gitignore'],
  ['tmp.draft.svcsql', false, 'the file matches .gitignore'],
  ['keep.draft.svcsql', true, 'a negated .gitignore pattern'],
  ['sub/local.svcsql', false, 'a nested .gitignore'],
  ['other/local.svcsql', true, 'a nested .gitignore covers its folder only'],
  ['skipped/s.svcsql', false, 'the repository root’s .gitignore, above the folder'],
];

const IGNORE_FILES: [string, string][] = [
  ['.gitignore', 'generated/\n*.draft.svcsql\n!keep.draft.svcsql\n'],
  ['sub/.gitignore', 'local.svcsql\n'],
];

/** A git repository (its .git a folder) whose workspace folder `ws` holds the table's files. */
function makeTree(): { repo: string; ws: string } {
  const repo = tempDir('svcsql-files-');
  mkdirSync(join(repo, '.git'));
  writeFileSync(join(repo, '.gitignore'), 'ws/skipped/\n');
  const ws = join(repo, 'ws');
  TABLE.forEach(([path], i) => {
    mkdirSync(dirname(join(ws, path)), { recursive: true });
    writeFileSync(join(ws, path), `CREATE CLUSTER zq${i} TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1\n`);
  });
  for (const [path, text] of IGNORE_FILES) writeFileSync(join(ws, path), text);
  // Links are never followed: their targets are listed by their own paths.
  symlinkSync('a.svcsql', join(ws, 'link-to-a.svcsql'));
  symlinkSync('sub', join(ws, 'link-to-sub'));
  return { repo, ws };
}

const expected = TABLE.filter(([, yes]) => yes)
  .map(([p]) => p)
  .sort();

test('the CLI and the language server choose the same files of a folder, as the table says', async () => {
  const { repo, ws } = makeTree();
  try {
    const cli = await runCli(['lint', '--format', 'json', '.'], { cwd: ws, timeoutMs: 30_000 });
    assert.ok(cli.code === 0 || cli.code === 1, cli.stderr);
    const cliFiles = (JSON.parse(cli.stdout) as { files: { path: string }[] }).files.map((f) => f.path).sort();

    const client = await LspClient.start({ diagnosticsDelayMs: 0 }, { folders: [{ uri: pathToFileURL(ws).href, name: 'ws' }] });
    let serverFiles: string[] = [];
    try {
      const deadline = Date.now() + 30_000;
      const ended = () =>
        client.notifications.some((n) => n.method === '$/progress' && (n.params as { value: { kind: string } }).value.kind === 'end');
      while (!ended() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      const symbols = ((await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'zq' })) ?? []) as SymbolInformation[];
      serverFiles = [...new Set(symbols.map((s) => relative(ws, fileURLToPath(s.location.uri)).split('\\').join('/')))].sort();
    } finally {
      await client.stop();
    }
    assert.deepEqual(cliFiles, expected, 'the CLI');
    assert.deepEqual(serverFiles, expected, 'the language server');
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});

test('the pure rule gives the table’s answer for each path', () => {
  const rules = new WorkspaceFileRules(undefined, 'ws');
  rules.addIgnoreFile('', 'ws/skipped/\n');
  for (const [path, text] of IGNORE_FILES) rules.addIgnoreFileBelow(dirname(path) === '.' ? '' : dirname(path), text);
  for (const [path, yes, why] of TABLE) assert.equal(rules.isWorkspaceFile(path), yes, `${path}: ${why}`);
  assert.equal(new WorkspaceFileRules(['gen']).isWorkspaceFile('gen/x.svcsql'), false, 'excludeFolders as set');
  assert.equal(new WorkspaceFileRules(['gen']).isWorkspaceFile('out/x.svcsql'), true, 'excludeFolders as set');
});

test('the walk hands out each folder’s files as it reads them: the same files, in the same order', async () => {
  const { repo, ws } = makeTree();
  try {
    const host = nodeWalkHost(fs, path);
    for (const maxFiles of [Infinity, 3]) {
      const calls: string[][] = [];
      const walked = await walkWorkspace(host, ws, { maxFiles, onFiles: (files) => calls.push([...files]) });
      assert.ok(walked.files.length > 0);
      assert.deepEqual(calls.flat(), walked.files, `maxFiles ${maxFiles}`);
      assert.ok(
        calls.every((c) => c.length > 0),
        'never empty',
      );
      if (maxFiles === Infinity) assert.ok(calls.length > 1, `per folder: ${calls.length} call(s)`);
      else assert.ok(walked.truncated && walked.files.length === maxFiles, 'stopped at maxFiles');
    }
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});

test('a .gitignore over the size cap is not read, not even into memory; one at the cap is', async () => {
  const repo = tempDir('svcsql-ignore-cap-');
  try {
    mkdirSync(join(repo, '.git'));
    for (const [folder, size] of [
      ['over', MAX_IGNORE_FILE_BYTES + 1],
      ['at', MAX_IGNORE_FILE_BYTES],
    ] as const) {
      mkdirSync(join(repo, folder));
      const rule = 'x.svcsql\n';
      writeFileSync(join(repo, folder, '.gitignore'), rule + '#'.repeat(size - rule.length - 1) + '\n');
      writeFileSync(join(repo, folder, 'x.svcsql'), 'SHOW CLUSTERS;\n');
    }
    const read: string[] = [];
    const counting = {
      ...fs,
      readFile: ((file: string, encoding: 'utf8') => (read.push(file), fs.readFile(file, encoding))) as typeof fs.readFile,
    };
    const walked = await walkWorkspace(nodeWalkHost(counting, path), repo);
    // The cap's file ignores x.svcsql; the one over it is passed over, so its folder's x.svcsql is a workspace file.
    assert.deepEqual(walked.files.map((f) => relative(repo, f)).sort(), [join('over', 'x.svcsql')]);
    assert.ok(!read.includes(join(repo, 'over', '.gitignore')), `read: ${read.map((f) => relative(repo, f)).join(', ')}`);
    assert.ok(read.includes(join(repo, 'at', '.gitignore')));
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});
