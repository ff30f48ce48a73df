// The browser e2e suite, run inside VS Code for the Web's web worker extension host (test-web's
// extensionTestsPath; bundled for the browser by scripts/browserBuild.mjs, so no Node module here).
// The workspace is test-web's mount of the run's folder (vscode-test-web://mount/): a virtual file
// system, as in github.dev. Each result is POSTed to the runner's result server (test/e2e/web/run.ts),
// whose address and the emulator's connection are in the folder's web-e2e.json.
import * as vscode from 'vscode';
import type { Look, LookAnswer } from '../lookProtocol';
import { check, equal, waitFor } from './checks';

const EXTENSION_ID = 'svcsql.svcsql';

interface RunConfig {
  resultsUrl: string;
  emulator: { url: string; credentials: Record<string, string> };
  /** A service that sends no CORS headers (test/e2e/web/noCorsService.ts). */
  noCorsUrl: string;
}

/** Asks the runner (over the result server) about the page; the extension host cannot see the workbench's DOM. */
type Ask = (body: { look: Look } | { noCorsReceived: true }) => Promise<unknown>;

async function look(ask: Ask, q: Look): Promise<LookAnswer> {
  const answer = (await ask({ look: q })) as LookAnswer;
  if (!answer.ok) throw new Error(`the page does not show ${JSON.stringify(q)}: ${answer.error ?? ''}`);
  return answer;
}

interface Api {
  /** Created just after activate() returns. */
  languageClient?: { state: number; initializeResult?: { serverInfo?: { name: string } } };
  storeCredentials(profile: string, creds: Record<string, string>): Promise<void>;
  getConnection(profile: string): Promise<unknown>;
  activationMs: number;
  activationPhases: string;
  runStatementAt(uri: vscode.Uri, position: vscode.Position): Promise<{ state: string; apiStatus?: string; error?: string } | undefined>;
  history: { list(): readonly unknown[] };
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

/** Figures for the runner's summary line. */
interface Marks {
  [name: string]: number | string;
}

function tests(config: RunConfig, marks: Marks, ask: Ask): Test[] {
  return [
    [
      'the extension activates from its browser entry and publishes diagnostics',
      async () => {
        const ext = vscode.extensions.getExtension<Api>(EXTENSION_ID);
        check(ext, 'the extension is installed');
        // test-web activates the extension at start-up (workspaceContains): then `started` is later than activation.
        marks.wasActive = ext.isActive ? 1 : 0;
        const started = performance.now();
        await ext.activate();
        marks.activatedMs = ext.exports.activationMs;
        marks.activationPhases = ext.exports.activationPhases;
        // 2 = running: the server started in its Worker and answered initialize.
        const client = await waitFor(10_000, 'the language client to be created', () => ext.exports.languageClient);
        await waitFor(60_000, 'the language client to run', () => (client.state === 2 ? true : undefined)).catch(async (e: unknown) => {
          // Start again for the reason: the first failure went to the output channel only.
          const why = await (client as unknown as { start(): Promise<void> }).start().then(
            () => 'started on a second attempt',
            (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err)),
          );
          throw new Error(`${e instanceof Error ? e.message : String(e)} (state ${client.state}): ${why}`);
        });
        equal(client.initializeResult?.serverInfo?.name, 'svcsql-language-server');
        marks.serverReadyMs = performance.now() - started;
        const opened = performance.now();
        const doc = await open('mistakes.svcsql');
        const diagnostics = await waitFor(30_000, 'diagnostics of mistakes.svcsql', () => {
          const d = svcsqlDiagnostics(doc.uri);
          return d.length > 0 ? d : undefined;
        });
        marks.firstDiagnosticsMs = performance.now() - started;
        marks.openToDiagnosticsMs = performance.now() - opened;
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
      'squiggles come back after closing and reopening an editor',
      async () => {
        const first = await open('mistakes.svcsql');
        const before = await waitFor(30_000, 'diagnostics of mistakes.svcsql', () => {
          const d = svcsqlDiagnostics(first.uri);
          return d.length > 0 ? d.length : undefined;
        });
        // Reopened at once (VS Code still holds the document), then once more after it may have let go of it.
        for (const pauseMs of [0, 5_000]) {
          await vscode.commands.executeCommand('workbench.action.closeAllEditors');
          await new Promise((r) => setTimeout(r, pauseMs));
          const again = await open('mistakes.svcsql');
          const after = await waitFor(30_000, 'diagnostics after reopening', () => {
            const d = svcsqlDiagnostics(again.uri);
            return d.length > 0 ? d.length : undefined;
          });
          equal(after, before, `as many diagnostics as before closing (reopened after ${pauseMs} ms)`);
          // What the user sees: squiggles drawn in the reopened editor.
          await look(ask, { kind: 'count', selector: '.monaco-editor .squiggly-error', atLeast: 1 });
        }
      },
    ],
    [
      'against a service without CORS, Run Statement, Requests, Service Objects and the agent tools say why nothing can run',
      async () => {
        const api = vscode.extensions.getExtension<Api>(EXTENSION_ID)!.exports;
        await api.storeCredentials('nocors', { baseUrl: config.noCorsUrl, ...config.emulator.credentials });
        const doc = await open('run-web.svcsql');
        await vscode.window.showTextDocument(doc, { selection: new vscode.Range(0, 0, 0, 0) });
        const ran = await vscode.commands.executeCommand<unknown>('svcsql.runStatement');
        check(!ran || (Array.isArray(ran) && ran.length === 0), `nothing ran: ${JSON.stringify(ran)}`);
        await look(ask, { kind: 'text', text: 'does not accept requests from a browser page', within: '.notifications-toasts' });
        await vscode.commands.executeCommand('svcsql.requests.focus');
        await look(ask, { kind: 'text', text: 'Statements cannot run from this browser page' });
        await vscode.commands.executeCommand('svcsql.objects.focus');
        await look(ask, { kind: 'text', text: "The service's objects cannot be listed from this browser page" });
        // The agent tools say the same instead of a network error (the language model tools API of this VS Code).
        const lm = (vscode as unknown as { lm?: { invokeTool?(name: string, o: object): Thenable<{ content: { value?: unknown }[] }> } })
          .lm;
        check(typeof lm?.invokeTool === 'function', 'vscode.lm.invokeTool exists in VS Code for the Web');
        // A tool error reaches the caller as a thrown Error (client/src/agentTools.ts), its text the tool's answer.
        const said = await Promise.resolve(
          lm!.invokeTool!('svcsql_list_objects', { input: { kind: 'cluster' }, toolInvocationToken: undefined }),
        ).then(
          (r) => `(no error) ${r.content.map((p) => (typeof p.value === 'string' ? p.value : '')).join('')}`,
          (e: unknown) => (e instanceof Error ? e.message : String(e)),
        );
        check(said.includes('does not accept requests from a browser page'), `list_objects says why: ${said.slice(0, 300)}`);
        const received = (await ask({ noCorsReceived: true })) as string[];
        check(!received.some((r) => r.startsWith('POST')), `no statement submitted: ${received.join(', ')}`);
        check(api.history.list().length === 0, 'no run recorded');
        await vscode.commands.executeCommand('notifications.clearAll');
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
    [
      'the results panel opens after SHOW CLUSTERS and its grid lists the clusters created',
      async () => {
        const api = vscode.extensions.getExtension<Api>(EXTENSION_ID)!.exports;
        const doc = await open('results.svcsql');
        for (const needle of ['CREATE CLUSTER results_e2e_alpha', 'CREATE CLUSTER results_e2e_beta', 'SHOW CLUSTERS']) {
          const entry = await api.runStatementAt(doc.uri, positionOf(doc, needle, 1));
          equal(entry?.state, 'success', `${needle}: ${entry?.error ?? ''}`);
        }
        const { values = [] } = await look(ask, { kind: 'grid', column: 'name' });
        for (const name of ['results_e2e_alpha', 'results_e2e_beta'])
          check(values.includes(name), `${name} in the grid: ${values.join(', ')}`);
      },
    ],
    [
      'the editor shows squiggles and the Problems panel lists them (the README screenshot)',
      async () => {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await vscode.commands.executeCommand('notifications.clearAll');
        const doc = await open('mistakes.svcsql');
        await vscode.commands.executeCommand('workbench.actions.view.problems');
        await vscode.window.showTextDocument(doc, { preview: false });
        await look(ask, { kind: 'count', selector: '.monaco-editor .squiggly-error', atLeast: 1 });
        await look(ask, { kind: 'text', text: 'mistakes.svcsql', within: '.markers-panel' });
        await look(ask, { kind: 'screenshot', file: 'web-workbench.png' });
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
  const marks: Marks = {};
  const ask: Ask = async (body) => JSON.parse(await post(body)) as unknown;
  let failed = 0;
  for (const [title, body] of tests(config, marks, ask)) {
    const started = Date.now();
    try {
      await body();
      await post({ title, ok: true, ms: Date.now() - started });
    } catch (e) {
      failed++;
      await post({ title, ok: false, ms: Date.now() - started, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  }
  await post({ done: true, marks });
  if (failed) throw new Error(`${failed} web test(s) failed`);
}
