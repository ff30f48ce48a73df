// The workspace index through the built server over LSP: a temporary workspace folder made from
// test/fixtures/workspace/project, plus files the index must skip (node_modules, over the size
// limit, behind a symlink leading out of the folder) and a symlink loop it must not hang on.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import {
  CompletionRequest,
  CompletionResolveRequest,
  DefinitionRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DidChangeWorkspaceFoldersNotification,
  DocumentHighlightRequest,
  FileChangeType,
  HoverRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  WorkspaceSymbolRequest,
  type CompletionItem,
  type CompletionList,
  type Location,
  type SymbolInformation,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { ServerStatsRequest, type ServerStats } from '../../protocol/src/lspExtensions';
import { fixturesDir } from '../core/fixtures';
import { LspClient } from './lspClient';

const base = mkdtempSync(join(tmpdir(), 'svcsql-ws-'));
const root = join(base, 'project');
const outside = join(base, 'outside');
const uriOf = (rel: string) => pathToFileURL(join(root, rel)).href;
const read = (rel: string) => readFileSync(join(root, rel), 'utf8');
let client: LspClient;

function progressEnded(c: LspClient, after = 0): boolean {
  return c.notifications
    .slice(after)
    .some((n) => n.method === '$/progress' && (n.params as { value: { kind: string } }).value.kind === 'end');
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

before(async () => {
  cpSync(join(fixturesDir, 'workspace', 'project'), root, { recursive: true, filter: (src) => !/[\\/](renamed|expect\.json)$/.test(src) });
  // Files the index must not see.
  mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
  writeFileSync(join(root, 'node_modules', 'pkg', 'vendored.svcsql'), "CREATE CLUSTER vendored TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1");
  writeFileSync(join(root, 'huge.svcsql'), `CREATE CLUSTER huge TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1\n${'-- padding\n'.repeat(200)}`);
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.svcsql'), "CREATE CLUSTER outsider TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1");
  symlinkSync(outside, join(root, 'link-out'));
  symlinkSync(root, join(root, 'infra', 'loop'));
  client = await LspClient.start(
    { diagnosticsDelayMs: 0, workspace: { maxFileSizeKB: 1 } },
    { folders: [{ uri: pathToFileURL(root).href, name: 'project' }] },
  );
  await until('the first indexing to end', () => (progressEnded(client) ? true : undefined));
});

after(async () => {
  await client?.stop();
  rmSync(base, { recursive: true, force: true });
});

const locations = (ls: Location[] | null) =>
  (ls ?? []).map((l) => `${l.uri.slice(pathToFileURL(root).href.length + 1)}:${l.range.start.line}:${l.range.start.character}`).sort();
const symbols = async (query: string) =>
  (((await client.connection.sendRequest(WorkspaceSymbolRequest.type, { query })) as SymbolInformation[] | null) ?? [])
    .map((s) => `${s.name} ${s.containerName}`)
    .sort();

test('indexing reports work-done progress and registers file watchers', () => {
  assert.ok(client.serverRequests.some((r) => r.method === 'window/workDoneProgress/create'));
  const kinds = client.notifications
    .filter((n) => n.method === '$/progress')
    .map((n) => (n.params as { value: { kind: string } }).value.kind);
  assert.equal(kinds[0], 'begin');
  assert.equal(kinds[kinds.length - 1], 'end');
  const registration = client.serverRequests.find((r) => r.method === 'client/registerCapability');
  assert.ok(registration, 'watchers registered');
  assert.match(JSON.stringify(registration.params), /workspace\/didChangeWatchedFiles.*\*\*\/\*\.svcsql/);
});

test('indexing validates no file: nothing is published for files that are not open', () => {
  // The index reads names only (core/src/workspace/fileObjects.ts); a closed file's diagnostics are
  // never worked out, so none travel (flows/orders.svcsql has a warning that validation would report).
  const published = client.notifications.filter((n) => n.method === 'textDocument/publishDiagnostics');
  assert.deepEqual(
    published.map((n) => (n.params as { uri: string }).uri),
    [],
  );
});

test('workspace symbols list what the files create, and nothing skipped', async () => {
  assert.deepEqual(await symbols('etl'), ['etl cluster']);
  assert.deepEqual(await symbols('spark'), ['spark-big cluster']);
  assert.deepEqual(await symbols('mpi'), ['mask_pii transformation'], 'fuzzy: m…p…i');
  assert.deepEqual(await symbols('vendored'), [], 'node_modules is skipped');
  assert.deepEqual(await symbols('huge'), [], 'a file over svcsql.index.maxFileSizeKB is skipped');
  assert.deepEqual(await symbols('outsider'), [], 'a symlink out of the folder is not followed');
});

test('go to definition on a CLUSTER value jumps to the CREATE CLUSTER of another file', async () => {
  const uri = uriOf('flows/orders.svcsql');
  await client.open(uri, read('flows/orders.svcsql'));
  const found = (await client.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri },
    position: { line: 6, character: 14 },
  })) as Location[];
  assert.deepEqual(locations(found), ['infra/clusters.svcsql:3:15']);
  assert.deepEqual(found[0]!.range.end, { line: 3, character: 18 });
  const inList = (await client.connection.sendRequest(DefinitionRequest.type, {
    textDocument: { uri },
    position: { line: 7, character: 35 },
  })) as Location[];
  assert.deepEqual(locations(inList), ['infra/transformations.svcsql:1:22'], "'dedupe' in a list finds CREATE TRANSFORMATION Dedupe");
  assert.equal(
    await client.connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: { line: 0, character: 2 } }),
    null,
  );
});

test('find references across files, with and without the declaration', async () => {
  const uri = uriOf('flows/orders.svcsql');
  const position = { line: 6, character: 13 };
  const all = (await client.connection.sendRequest(ReferencesRequest.type, {
    textDocument: { uri },
    position,
    context: { includeDeclaration: true },
  })) as Location[];
  assert.deepEqual(locations(all), [
    'flows/jobs.svcsql:4:17',
    'flows/orders.svcsql:6:12',
    'flows/orders.svcsql:9:32',
    'infra/clusters.svcsql:3:15',
  ]);
  const refs = (await client.connection.sendRequest(ReferencesRequest.type, {
    textDocument: { uri },
    position,
    context: { includeDeclaration: false },
  })) as Location[];
  assert.equal(refs.length, 3);
});

test('document highlights mark the name in this file only', async () => {
  const uri = uriOf('flows/orders.svcsql');
  const highlights = await client.connection.sendRequest(DocumentHighlightRequest.type, {
    textDocument: { uri },
    position: { line: 9, character: 34 },
  });
  assert.deepEqual(
    highlights?.map((h) => `${h.range.start.line}:${h.range.start.character} ${h.kind}`),
    ['6:12 2', '9:32 2'],
  );
});

test('hover on a reference says where the object is created', async () => {
  const uri = uriOf('flows/orders.svcsql');
  const h = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 14 } });
  assert.ok(h);
  const value = (h.contents as { value: string }).value;
  assert.match(value, /cluster `etl`, created in infra\/clusters\.svcsql:4/);
  assert.deepEqual(h.range, { start: { line: 6, character: 12 }, end: { line: 6, character: 17 } });
  // On a clause keyword the core's hover stays as it was.
  const keyword = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 6, character: 4 } });
  assert.doesNotMatch((keyword!.contents as { value: string }).value, /created in/);
});

test('completion offers the clusters the workspace creates, saying where', async () => {
  const uri = uriOf('flows/new.svcsql');
  const text = "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a.py') CLUSTER = ";
  await client.open(uri, text);
  const result = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri },
    position: { line: 0, character: text.length },
  })) as CompletionItem[] | CompletionList;
  const items = Array.isArray(result) ? result : result.items;
  const etl = items.find((i) => i.label === "'etl'");
  assert.ok(etl, JSON.stringify(items.map((i) => i.label)));
  // Where it is created is written when the editor resolves the item, not for every name listed.
  assert.equal(etl.documentation, undefined);
  const resolved = await client.connection.sendRequest(CompletionResolveRequest.type, etl);
  assert.match(JSON.stringify(resolved.documentation), /cluster `etl`, created in infra\/clusters\.svcsql:4/);
  assert.equal(resolved.label, "'etl'");
  assert.ok(items.some((i) => i.label === "'spark-big'"));
  assert.ok(!items.some((i) => i.label === "'vendored'"));
  await client.close(uri);
});

test('a large open document: its names are read once completion pauses, not in the request', async () => {
  const big = uriOf('flows/big-open.svcsql');
  const filler = Array.from({ length: 2000 }, (_, i) => `SHOW FLOWS; -- ${i}`).join('\n');
  await client.open(big, `CREATE CLUSTER typed_in_big TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1;\n${filler}\n`);
  const uri = uriOf('flows/asks.svcsql');
  const text = "CREATE JOB j TYPE = 'PYTHON' PARAMETERS = ('a.py') CLUSTER = 'typed";
  await client.open(uri, text);
  const offered = async () => {
    const result = (await client.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: text.length },
    })) as CompletionItem[] | CompletionList;
    return (Array.isArray(result) ? result : result.items).some((i) => i.label === "'typed_in_big'");
  };
  await offered();
  await new Promise((r) => setTimeout(r, 600));
  assert.ok(await offered(), 'offered after the pause');
  await client.close(uri);
  await client.close(big);
});

test('prepareRename gives the name under the caret, and refuses a keyword', async () => {
  const uri = uriOf('flows/orders.svcsql');
  const prepared = await client.connection.sendRequest(PrepareRenameRequest.type, {
    textDocument: { uri },
    position: { line: 6, character: 14 },
  });
  assert.deepEqual(prepared, { range: { start: { line: 6, character: 12 }, end: { line: 6, character: 17 } }, placeholder: 'etl' });
  await assert.rejects(
    client.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position: { line: 1, character: 3 } }),
    /can be renamed/,
  );
});

test('rename edits the definition and every reference in every file, quoting each right', async () => {
  const uri = uriOf('flows/orders.svcsql');
  const edit = (await client.connection.sendRequest(RenameRequest.type, {
    textDocument: { uri },
    position: { line: 6, character: 14 },
    newName: 'etl-main',
  })) as WorkspaceEdit;
  const changes = Object.entries(edit.changes ?? {}).map(([u, edits]) => [
    u.slice(pathToFileURL(root).href.length + 1),
    edits.map((e) => `${e.range.start.line}:${e.range.start.character} ${e.newText}`),
  ]);
  assert.deepEqual(changes.sort(), [
    ['flows/jobs.svcsql', ['4:17 `etl-main`']],
    ['flows/orders.svcsql', ["6:12 'etl-main'", "9:32 'etl-main'"]],
    ['infra/clusters.svcsql', ['3:15 `etl-main`']],
  ]);
  await assert.rejects(
    client.connection.sendRequest(RenameRequest.type, {
      textDocument: { uri },
      position: { line: 6, character: 14 },
      newName: 'Spark-Big',
    }),
    /already created in infra\/clusters\.svcsql:7/,
  );
});

test('an open document counts with its text, not its disk text, until it is closed', async () => {
  const uri = uriOf('infra/clusters.svcsql');
  const orders = uriOf('flows/orders.svcsql');
  const definition = async () =>
    locations(
      (await client.connection.sendRequest(DefinitionRequest.type, {
        textDocument: { uri: orders },
        position: { line: 6, character: 14 },
      })) as Location[],
    );
  await client.open(uri, read('infra/clusters.svcsql').replace('CREATE CLUSTER etl', 'CREATE CLUSTER etl2'));
  assert.deepEqual(await definition(), []);
  await client.change(uri, [{ range: { start: { line: 3, character: 15 }, end: { line: 3, character: 19 } }, text: 'ETL' }]);
  assert.deepEqual(await definition(), ['infra/clusters.svcsql:3:15']);
  await client.change(uri, [{ range: { start: { line: 3, character: 15 }, end: { line: 3, character: 18 } }, text: 'other' }]);
  assert.deepEqual(await definition(), []);
  await client.close(uri);
  await until('the disk text after closing', async () => ((await definition()).length === 1 ? true : undefined));
});

test('a document opened as it is on disk keeps the objects read from disk until it is edited', async () => {
  const uri = uriOf('infra/transformations.svcsql');
  const indexed = async () =>
    (await client.connection.sendRequest<ServerStats>(ServerStatsRequest.method, null)).documentsIndexed ?? Number.NaN;
  const references = async (line: number) =>
    locations(
      (await client.connection.sendRequest(ReferencesRequest.type, {
        textDocument: { uri },
        position: { line, character: 23 },
        context: { includeDeclaration: true },
      })) as Location[],
    );
  const before = await indexed();
  await client.open(uri, read('infra/transformations.svcsql'));
  const fromDisk = await references(1);
  assert.ok(fromDisk.includes('infra/transformations.svcsql:1:22'), fromDisk.join());
  assert.equal(await indexed(), before, 'the document was not read again');
  await client.change(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '\n' }]);
  assert.ok((await references(2)).includes('infra/transformations.svcsql:2:22'), 'the edited text counts');
  assert.equal(await indexed(), before + 1);
  await client.close(uri);
});

test('file-watch notifications add, update and remove files and folders', async () => {
  const notify = (changes: { uri: string; type: FileChangeType }[]) =>
    client.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes });
  const file = join(root, 'infra', 'more.svcsql');
  writeFileSync(file, "CREATE CLUSTER extra TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1");
  await notify([{ uri: pathToFileURL(file).href, type: FileChangeType.Created }]);
  await until('a created file', async () => ((await symbols('extra')).length === 1 ? true : undefined));
  writeFileSync(file, "CREATE CLUSTER extra2 TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1");
  await notify([{ uri: pathToFileURL(file).href, type: FileChangeType.Changed }]);
  await until('a changed file', async () => ((await symbols('extra2')).length === 1 ? true : undefined));
  rmSync(file);
  await notify([{ uri: pathToFileURL(file).href, type: FileChangeType.Deleted }]);
  await until('a deleted file', async () => ((await symbols('extra')).length === 0 ? true : undefined));

  const folder = join(root, 'added');
  mkdirSync(join(folder, 'deep'), { recursive: true });
  writeFileSync(join(folder, 'deep', 'x.svcsql'), 'CREATE LAKE added_lake');
  await notify([{ uri: pathToFileURL(folder).href, type: FileChangeType.Created }]);
  await until('a created folder', async () => ((await symbols('added_lake')).length === 1 ? true : undefined));
  rmSync(folder, { recursive: true });
  await notify([{ uri: pathToFileURL(folder).href, type: FileChangeType.Deleted }]);
  await until('a deleted folder', async () => ((await symbols('added_lake')).length === 0 ? true : undefined));

  // Events outside the workspace folder are ignored, never read; so is a link in it that leads out.
  const leak = join(root, 'infra', 'leak.svcsql');
  symlinkSync(join(outside, 'secret.svcsql'), leak);
  await notify([
    { uri: pathToFileURL(join(outside, 'secret.svcsql')).href, type: FileChangeType.Changed },
    { uri: pathToFileURL(leak).href, type: FileChangeType.Created },
  ]);
  // File events apply in order: once an event sent after them is applied, so were they.
  const sentinel = join(root, 'infra', 'sentinel.svcsql');
  writeFileSync(sentinel, 'CREATE LAKE sentinel_lake');
  await notify([{ uri: pathToFileURL(sentinel).href, type: FileChangeType.Created }]);
  await until('an event sent after them', async () => ((await symbols('sentinel_lake')).length === 1 ? true : undefined));
  assert.deepEqual(await symbols('outsider'), []);
  rmSync(sentinel);
  await notify([{ uri: pathToFileURL(sentinel).href, type: FileChangeType.Deleted }]);
  await until('the sentinel to leave', async () => ((await symbols('sentinel_lake')).length === 0 ? true : undefined));
});

test('references to names no file creates are information only when turned on', async () => {
  const uri = uriOf('flows/jobs.svcsql');
  const off = await client.open(uri, read('flows/jobs.svcsql'));
  assert.ok(!off.some((d) => d.code === 'unresolved-reference'), 'off by default');
  // Settings without an svcsql section (another client's, or null) leave those in force alone.
  const ends = client.notifications.filter((n) => n.method === '$/progress').length;
  await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: null });
  await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings: { editor: { tabSize: 2 } } });
  const republished = client.nextDiagnostics(uri);
  await client.connection.sendNotification(DidChangeConfigurationNotification.type, {
    settings: { svcsql: { diagnostics: { unresolvedReferences: true }, index: { maxFileSizeKB: 1 } } },
  });
  const on = (await republished).diagnostics.filter((d) => d.code === 'unresolved-reference');
  // Had either of the first two reset the settings, the size limit would have changed twice, and a
  // reindex begins its progress before it republishes: none may have come before this republish.
  assert.equal(client.notifications.filter((n) => n.method === '$/progress').length, ends, 'no reindex: the size limit still holds');
  assert.deepEqual(await symbols('huge'), []);
  assert.deepEqual(
    on.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.severity}`),
    ['6:31 3'],
  );
  assert.match(String(on[0]!.message), /cluster `elsewhere`; it may exist on the service/);
  // A file that creates it resolves it, in the open document too.
  const creates = uriOf('infra/elsewhere.svcsql');
  const resolved = client.nextDiagnostics(uri);
  await client.open(creates, "CREATE CLUSTER Elsewhere TYPE = 'SPARK' MAX_OCU = 1 MIN_OCU = 1");
  assert.deepEqual(
    (await resolved).diagnostics.filter((d) => d.code === 'unresolved-reference'),
    [],
  );
  await client.close(creates);
  await client.close(uri);
});

test('svcsql.diagnostics.unresolvedReferences is read per workspace folder', async () => {
  const uri = uriOf('flows/jobs.svcsql');
  const rootUri = pathToFileURL(root).href;
  const outsideUri = pathToFileURL(outside).href;
  const unresolved = (ds: { code?: unknown }[]) => ds.filter((d) => d.code === 'unresolved-reference').length;
  /** Sends the settings, then waits for the file's diagnostics to hold `expected` unresolved references. */
  const configure = async (global: boolean, folders: Record<string, boolean>, expected: number, why: string) => {
    const settings = {
      svcsql: {
        diagnostics: { unresolvedReferences: global },
        index: { maxFileSizeKB: 1 },
        folders: Object.fromEntries(Object.entries(folders).map(([f, v]) => [f, { diagnostics: { unresolvedReferences: v } }])),
      },
    };
    let next = client.nextDiagnostics(uri);
    await client.connection.sendNotification(DidChangeConfigurationNotification.type, { settings });
    // The open file is republished once the settings are in force; an earlier publish may come first.
    for (;;) {
      const got = unresolved((await next).diagnostics);
      if (got === expected) return;
      next = client.nextDiagnostics(uri).catch((err: Error) => {
        throw new Error(`${why}: ${got} unresolved references, expected ${expected} (${err.message})`);
      });
    }
  };
  await client.open(uri, read('flows/jobs.svcsql'));
  await configure(true, {}, 1, 'on in the window');
  await configure(false, {}, 0, 'off in the window, no folder value');
  await configure(false, { [rootUri]: true }, 1, 'on for the folder that holds the file');
  await configure(true, { [rootUri]: false, [outsideUri]: true }, 0, "the folder's value wins over the window's");
  await configure(true, { [outsideUri]: false }, 1, "another folder's value does not apply");
  await configure(false, {}, 0, 'off again');
  await client.close(uri);
});

test('workspace folders removed and added leave and enter the index', async () => {
  const folder = { uri: pathToFileURL(root).href, name: 'project' };
  const ends = () =>
    client.notifications.filter((n) => n.method === '$/progress' && (n.params as { value: { kind: string } }).value.kind === 'end').length;
  let seen = ends();
  await client.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [], removed: [folder] } });
  await until('indexing after the folder left', () => (ends() > seen ? true : undefined));
  assert.deepEqual(await symbols('etl'), [], 'no folder, no files (none is open)');
  seen = ends();
  await client.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [folder], removed: [] } });
  await until('indexing after the folder came back', () => (ends() > seen ? true : undefined));
  assert.deepEqual(await symbols('etl'), ['etl cluster']);
});

test('a large workspace does not hold up the diagnostics of the open file', async () => {
  const big = join(base, 'big');
  mkdirSync(big);
  const statement = (i: number) =>
    `CREATE FLOW f${i} SOURCE = 's' LAKE = 'l' DATABASE = 'd' TABLE_NAME = 't' WRITE_MODE = 'MUTABLE' CLUSTER = 'c${i % 50}';\n`;
  for (let f = 0; f < 600; f++)
    writeFileSync(join(big, `f${f}.svcsql`), Array.from({ length: 80 }, (_, i) => statement(f * 80 + i)).join(''));
  const second = await LspClient.start({ diagnosticsDelayMs: 0 }, { folders: [{ uri: pathToFileURL(big).href, name: 'big' }] });
  try {
    const uri = pathToFileURL(join(big, 'open.svcsql')).href;
    const diagnostics = await second.open(uri, "ALTER OCU SET LIMIT = '3'");
    assert.ok(diagnostics.some((d) => d.code === 'quoted-integer'));
    assert.ok(!progressEnded(second), 'the open file got its diagnostics while the workspace was still being indexed');
    await until('the big workspace to be indexed', () => (progressEnded(second) ? true : undefined), 60_000);
    const reports = second.notifications.filter(
      (n) => n.method === '$/progress' && (n.params as { value: { kind: string } }).value.kind === 'report',
    );
    assert.ok(reports.length > 0, 'progress was reported along the way');
  } finally {
    await second.stop();
  }
});
