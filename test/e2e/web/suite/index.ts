// The browser e2e suite, run inside VS Code for the Web's web worker extension host (test-web's
// extensionTestsPath; bundled for the browser by scripts/browserBuild.mjs, so no Node module here).
// The workspace is test-web's mount of the run's folder (vscode-test-web://mount/): a virtual file
// system, as in github.dev. Each result is POSTed to the runner's result server (test/e2e/web/run.ts),
// whose address and the emulator's connection are in the folder's web-e2e.json.
import * as vscode from 'vscode';
import { check, equal, waitFor } from './checks';

const EXTENSION_ID = 'svcsql.svcsql';

interface RunConfig {
  resultsUrl: string;
  emulator: { url: string; credentials: Record<string, string> };
}

interface Api {
  languageClient: { state: number; initializeResult?: { serverInfo?: { name: string } } };
  storeCredentials(profile: string, creds: Record<string, string>): Promise<void>;
  getConnection(profile: string): Promise<unknown>;
  runStatementAt(uri: vscode.Uri, position: vscode.Position): Promise<{ state: string; apiStatus?: string; error?: string } | undefined>;
}

const folder = () => {
  const f = vscode.workspace.workspaceFolders?.[0];
  if (!f) throw new Error('no workspace folder (test-web mounts the run folder)');
  return f.uri;
};
const fileUri = (...segments: string[]) => vscode.Uri.joinPath(folder(), ...segments);

async function open(name: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(fileUri(name));
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}

function positionOf(doc: vscode.TextDocument, needle: string, offset = 0): vscode.Position {
  const at = doc.getText().indexOf(needle);
  if (at < 0) throw new Error(`"${needle}" not in ${doc.uri.path}`);
  return doc.positionAt(at + offset);
}

const svcsqlDiagnostics = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'svcsql');

type Test = [title: string, body: () => Promise<void>];

function tests(config: RunConfig, marks: Record<string, number>): Test[] {
  return [
    [
      'the extension activates from its browser entry and publishes diagnostics',
      async () => {
        const ext = vscode.extensions.getExtension<Api>(EXTENSION_ID);
        check(ext, 'the extension is installed');
        const started = performance.now();
        await ext.activate();
        marks.activatedMs = performance.now() - started;
        // 2 = running: the server started in its Worker and answered initialize.
        const client = ext.exports.languageClient;
        await waitFor(60_000, 'the language client to run', () => (client.state === 2 ? true : undefined)).catch(async (e: unknown) => {
          // Start again for the reason: the first failure went to the output channel only.
          const why = await (client as unknown as { start(): Promise<void> }).start().then(
            () => 'started on a second attempt',
            (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err)),
          );
          throw new Error(`${e instanceof Error ? e.message : String(e)} (state ${client.state}): ${why}`);
        });
        equal(client.initializeResult?.serverInfo?.name, 'svcsql-language-server');
        const doc = await open('mistakes.svcsql');
        const diagnostics = await waitFor(30_000, 'diagnostics of mistakes.svcsql', () => {
          const d = svcsqlDiagnostics(doc.uri);
          return d.length > 0 ? d : undefined;
        });
        marks.firstDiagnosticsMs = performance.now() - started;
        check(diagnostics.length >= 3, `several mistakes found (${diagnostics.length})`);
        equal(diagnostics.sort((a, b) => a.range.start.line - b.range.start.line)[0]!.range.start.line, 1);
      },
    ],
    [
      'completion offers statements and clause values',
      async () => {
        const doc = await open('mistakes.svcsql');
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          doc.uri,
          new vscode.Position(doc.lineCount, 0),
        );
        const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label).toUpperCase());
        check(
          labels.some((l) => l.startsWith('CREATE')),
          `CREATE offered among ${labels.slice(0, 8).join(', ')}`,
        );
      },
    ],
    [
      'hover explains a keyword',
      async () => {
        const doc = await open('mistakes.svcsql');
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          doc.uri,
          positionOf(doc, 'CREATE CLUSTER', 9),
        );
        const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
        check(/cluster/i.test(text), `hover text mentions a cluster: ${text.slice(0, 120)}`);
      },
    ],
    [
      'Format Document gives the expected text',
      async () => {
        const doc = await open('format-messy.svcsql');
        const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', doc.uri, {
          tabSize: 2,
          insertSpaces: true,
        });
        check(edits && edits.length > 0, 'format edits');
        const edit = new vscode.WorkspaceEdit();
        edit.set(doc.uri, edits);
        check(await vscode.workspace.applyEdit(edit), 'edits applied');
        const expected = new TextDecoder().decode(await vscode.workspace.fs.readFile(fileUri('format-messy.expected.svcsql')));
        equal(doc.getText(), expected);
        await vscode.commands.executeCommand('workbench.action.files.revert');
      },
    ],
    [
      'definition reaches a file never opened (read through vscode.workspace.fs)',
      async () => {
        const doc = await open('project/flows/orders.svcsql');
        const found = await waitFor(30_000, 'a definition of etl', async () => {
          const r = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
            'vscode.executeDefinitionProvider',
            doc.uri,
            positionOf(doc, "'etl'", 2),
          );
          return r && r.length > 0 ? r : undefined;
        });
        const target = 'targetUri' in found[0]! ? found[0].targetUri : found[0]!.uri;
        equal(target.scheme, folder().scheme);
        check(target.path.endsWith('/project/infra/clusters.svcsql'), target.toString());
      },
    ],
    [
      'rename edits both files',
      async () => {
        const doc = await open('project/flows/orders.svcsql');
        const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
          'vscode.executeDocumentRenameProvider',
          doc.uri,
          positionOf(doc, "'etl'", 2),
          'etl_main',
        );
        const files = edit
          .entries()
          .map(([uri, edits]) => `${uri.path.replace(/^.*\/project\//, '')}:${edits.length}`)
          .sort();
        equal(files.join(','), 'flows/orders.svcsql:2,infra/clusters.svcsql:1');
        for (const [, edits] of edit.entries())
          for (const e of edits) check(/^(`etl_main`|'etl_main'|etl_main)$/.test(e.newText), `the new name, not ${e.newText}`);
      },
    ],
    [
      'workspace symbols list objects of unopened files',
      async () => {
        const symbols = await vscode.commands.executeCommand<vscode.SymbolInformation[]>(
          'vscode.executeWorkspaceSymbolProvider',
          'e2e_lake',
        );
        check(
          symbols.some((s) => s.name === 'e2e_lake' && s.location.uri.path.endsWith('/infra/clusters.svcsql')),
          `e2e_lake in ${symbols.map((s) => s.name).join(',')}`,
        );
      },
    ],
    [
      'Run Statement reaches the service through fetch (the emulator allows cross-origin requests)',
      async () => {
        const api = vscode.extensions.getExtension<Api>(EXTENSION_ID)!.exports;
        await api.storeCredentials('web', { baseUrl: config.emulator.url, ...config.emulator.credentials });
        const doc = await open('run-web.svcsql');
        const entry = await api.runStatementAt(doc.uri, new vscode.Position(0, 0));
        const connection = await api.getConnection('web');
        check(entry, `a run was recorded (trusted: ${vscode.workspace.isTrusted}, connection: ${connection ? 'stored' : 'missing'})`);
        equal(entry.state, 'success', entry.error);
      },
    ],
  ];
}

export async function run(): Promise<void> {
  const config = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(fileUri('web-e2e.json')))) as RunConfig;
  const post = (body: unknown) =>
    fetch(config.resultsUrl, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'text/plain' } }).then((r) =>
      r.text(),
    );
  const marks: Record<string, number> = {};
  let failed = 0;
  for (const [title, body] of tests(config, marks)) {
    const started = Date.now();
    try {
      await body();
      await post({ title, ok: true, ms: Date.now() - started });
    } catch (e) {
      failed++;
      await post({ title, ok: false, ms: Date.now() - started, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  }
  // What the runner's screenshot shows (test-results/e2e-web/web-workbench.png, the README's picture).
  const doc = await open('mistakes.svcsql');
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  await vscode.window.showTextDocument(doc, { preview: false });
  await waitFor(10_000, 'squiggles', () => (svcsqlDiagnostics(doc.uri).length > 0 ? true : undefined)).catch(() => undefined);
  await new Promise((r) => setTimeout(r, 1500));
  await post({ done: true, marks });
  if (failed) throw new Error(`${failed} web test(s) failed`);
}
