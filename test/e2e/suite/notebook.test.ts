// Service SQL notebooks in the extension host, against the emulator: the demo runbook opens as a
// notebook and Run All runs every cell through the Runner (request id, SUCCESS, the emulator's
// rows in the output, runs in the Requests view history pointing at their cell); a failing cell
// stops Run All with the service's message on it; lint errors keep a cell from being sent; an
// interrupt cancels a cell held pending; completion in a cell knows a cluster created in an
// earlier cell; the notebook saves and reopens identical; .svcsql ↔ notebook both ways.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  DEMO,
  emulatorFaults,
  emulatorStats,
  emulatorUrl,
  extensionApi,
  HELD,
  NO_FAULTS,
  sleep,
  waitFor,
  workspaceUri,
} from '../host/helpers';

const NOTEBOOK_TYPE = 'svcsql-notebook';
const RUN_MIME = 'application/vnd.svcsql.run+json';
const KERNEL = { id: 'svcsql-notebook-kernel', extension: 'svcsql.svcsql' };

interface RunOutput {
  id: string;
  state: string;
  requestId?: string;
  apiStatus?: string;
  error?: { kind: string; message: string };
  response?: unknown;
}

const examples = (): string | undefined => process.env.SVCSQL_E2E_EXAMPLES || undefined;

/** The runs a cell's outputs hold (the renderer's mime), in statement order. */
function runsOf(cell: vscode.NotebookCell): RunOutput[] {
  return cell.outputs.flatMap((o) =>
    o.items.filter((i) => i.mime === RUN_MIME).map((i) => JSON.parse(new TextDecoder().decode(i.data)) as RunOutput),
  );
}
const textOf = (cell: vscode.NotebookCell): string =>
  cell.outputs
    .flatMap((o) =>
      o.items.filter((i) => i.mime.startsWith('text/') || i.mime.endsWith('.error')).map((i) => new TextDecoder().decode(i.data)),
    )
    .join('\n');

async function openNotebook(cells: [kind: 'code' | 'markdown', text: string][]): Promise<vscode.NotebookDocument> {
  const data = new vscode.NotebookData(
    cells.map(([k, t]) =>
      k === 'code'
        ? new vscode.NotebookCellData(vscode.NotebookCellKind.Code, t, 'svcsql')
        : new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, t, 'markdown'),
    ),
  );
  const nb = await vscode.workspace.openNotebookDocument(NOTEBOOK_TYPE, data);
  await showWithKernel(nb);
  return nb;
}

async function showWithKernel(nb: vscode.NotebookDocument): Promise<void> {
  await vscode.window.showNotebookDocument(nb);
  await vscode.commands.executeCommand('notebook.selectKernel', KERNEL);
}

/**
 * Starts the cells in [start, end) as one request (Run All when it is every cell). Not awaited:
 * the command resolves only when the execution ends, and the tests watch it while it runs.
 */
async function execute(nb: vscode.NotebookDocument, start = 0, end = nb.cellCount): Promise<void> {
  void Promise.resolve(vscode.commands.executeCommand('notebook.cell.execute', { ranges: [{ start, end }], document: nb.uri })).catch(
    () => undefined,
  );
  await sleep(200);
}

const codeCells = (nb: vscode.NotebookDocument) => nb.getCells().filter((c) => c.kind === vscode.NotebookCellKind.Code);

function waitForSummary(cell: vscode.NotebookCell, ms = 30_000): Promise<vscode.NotebookCellExecutionSummary> {
  return waitFor(ms, `cell ${cell.index + 1} to finish`, () =>
    cell.executionSummary?.timing?.endTime !== undefined && cell.executionSummary.success !== undefined ? cell.executionSummary : undefined,
  );
}

describe('Service SQL notebooks', function () {
  this.timeout(240_000);

  before(async function () {
    if (!emulatorUrl()) this.skip();
    const api = await extensionApi();
    await emulatorFaults(NO_FAULTS);
    await api.storeCredentials('e2e-notebook', { baseUrl: emulatorUrl()!, ...DEMO });
  });
  afterEach(async () => {
    if (emulatorUrl()) await emulatorFaults(NO_FAULTS);
    await vscode.workspace.getConfiguration('svcsql').update('notebook.continueOnError', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Run All on the demo runbook: every cell in order, request id and SUCCESS, the emulator rows under SHOW CLUSTERS, history links to the cells', async function () {
    if (!examples()) this.skip();
    const uri = workspaceUri('runbook.svcsqlnb');
    fs.copyFileSync(path.join(examples()!, 'runbook.svcsqlnb'), uri.fsPath);
    const nb = await vscode.workspace.openNotebookDocument(uri);
    assert.equal(nb.notebookType, NOTEBOOK_TYPE);
    await showWithKernel(nb);
    const code = codeCells(nb);
    assert.ok(code.length >= 3, 'the runbook has code cells');
    await execute(nb);
    // Every cell succeeds, or the first failure is reported with its output (Run All stops there).
    await waitFor(150_000, 'Run All to finish', () =>
      code.every((c) => c.executionSummary?.success === true) || code.some((c) => c.executionSummary?.success === false) ? true : undefined,
    );
    const failed = code.find((c) => c.executionSummary?.success !== true);
    if (failed) assert.fail(`cell ${failed.index + 1} did not succeed: ${textOf(failed)}`);
    const summaries = code.map((c) => c.executionSummary!);
    const orders = summaries.map((s) => s.executionOrder!);
    assert.deepEqual(
      orders,
      [...orders].sort((a, b) => a - b),
      'execution order follows the cells',
    );
    assert.equal(new Set(orders).size, orders.length);
    for (const s of summaries) assert.ok(s.timing!.endTime >= s.timing!.startTime, 'timing shown');

    const show = code.find((c) => c.document.getText().startsWith('SHOW CLUSTERS'))!;
    const [run] = runsOf(show);
    assert.ok(run, 'the SHOW cell holds a run output');
    assert.equal(run.state, 'success');
    assert.match(run.requestId ?? '', /^[\w-]{8,}$/);
    assert.match(run.apiStatus ?? '', /SUCCESS/);
    assert.match(JSON.stringify(run.response), /runbook_cluster/, 'the emulator lists the cluster the runbook created');
    assert.match(textOf(show), /\| *runbook_cluster *\|/, 'the plain-text fallback holds the table');

    const api = await extensionApi();
    const history = await api.history.list();
    for (const c of code) {
      const e = history.find((h) => h.uri === c.document.uri.toString());
      assert.ok(e, `the Requests view history lists the run of cell ${c.index + 1} with its cell`);
      assert.equal(e.state, 'success');
      assert.equal(e.requestId, runsOf(c)[0]?.requestId);
    }
    // Go to Source on the SHOW run (Requests view) selects its cell.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const showRun = history.find((h) => h.uri === show.document.uri.toString())!;
    assert.equal(await vscode.commands.executeCommand('svcsql.requests.revealSource', showRun.id), true);
    const editor = await waitFor(10_000, 'the notebook editor', () => vscode.window.activeNotebookEditor);
    assert.equal(editor.notebook.uri.toString(), uri.toString());
    assert.equal(editor.selection.start, show.index, 'the cell the run came from is selected');
  });

  it('a failing cell stops Run All, with the service message on that cell; continueOnError goes on', async () => {
    await emulatorFaults({ outcome: 'FAILED' });
    const nb = await openNotebook([
      ['markdown', '# failing'],
      ['code', 'SHOW CLUSTERS;'],
      ['code', 'SHOW FLOWS;'],
    ]);
    await execute(nb);
    const [first, second] = codeCells(nb);
    const s = await waitForSummary(first!);
    assert.equal(s.success, false);
    const run = runsOf(first!)[0];
    assert.equal(run?.state, 'failed');
    assert.match(textOf(first!), /The emulator was told to fail request/, 'the service message on the failing cell');
    await sleep(1_500);
    assert.equal(second!.executionSummary?.success, undefined, 'the next cell did not run');
    assert.equal(second!.outputs.length, 0);

    await vscode.workspace.getConfiguration('svcsql').update('notebook.continueOnError', true, vscode.ConfigurationTarget.Global);
    await execute(nb);
    const s2 = await waitForSummary(second!);
    assert.equal(s2.success, false, 'with continueOnError the next cell ran (and failed too)');
  });

  it('lint errors keep a cell from being sent, with the message why', async () => {
    const nb = await openNotebook([['code', "CREATE CLUSTER nb_broken\n  TYPE = 'SPARK'\n  MAX_OCU 4\n  MIN_OCU = 1;"]]);
    const cell = nb.cellAt(0);
    await waitFor(20_000, 'diagnostics in the cell', () =>
      vscode.languages.getDiagnostics(cell.document.uri).some((d) => d.source === 'svcsql') ? true : undefined,
    );
    const before = await emulatorStats();
    await execute(nb);
    const s = await waitForSummary(cell);
    assert.equal(s.success, false);
    assert.match(textOf(cell), /This statement has errors, so it was not sent to the service/);
    assert.match(textOf(cell), /line 1: CREATE CLUSTER/);
    assert.equal((await emulatorStats()).submits, before.submits, 'nothing was submitted');
  });

  it('without a connection a cell fails at once with the reason: it does not wait on the offer to configure one', async () => {
    const config = vscode.workspace.getConfiguration('svcsql');
    const active = config.inspect<string>('activeProfile')?.globalValue;
    await config.update('activeProfile', 'e2e-notebook-unconfigured', vscode.ConfigurationTarget.Global);
    try {
      const before = await emulatorStats();
      const nb = await openNotebook([['code', 'SHOW CLUSTERS;']]);
      const cell = nb.cellAt(0);
      await execute(nb);
      // A cell waiting on the notification would never end here: nobody answers it.
      const s = await waitForSummary(cell, 10_000);
      assert.equal(s.success, false);
      assert.match(textOf(cell), /No usable connection for the active profile/);
      assert.equal((await emulatorStats()).submits, before.submits, 'nothing was submitted');
    } finally {
      await config.update('activeProfile', active, vscode.ConfigurationTarget.Global);
    }
  });

  it('interrupt cancels a cell the service holds pending', async () => {
    await emulatorFaults({ unknownStatus: 100_000, unknownStatusValue: HELD });
    const nb = await openNotebook([['code', 'SHOW CLUSTERS;']]);
    const cell = nb.cellAt(0);
    const api = await extensionApi();
    await execute(nb);
    const entry = await waitFor(20_000, 'the run to be polled', async () =>
      (await api.history.list()).find((e) => e.uri === cell.document.uri.toString() && e.requestId && e.state === 'pending'),
    );
    // The pending poll shows in the cell while it runs, in place.
    await waitFor(10_000, 'the pending output', () => (runsOf(cell)[0]?.requestId === entry.requestId ? true : undefined));
    assert.equal(cell.outputs.length, 1, 'one output, replaced in place');
    await vscode.commands.executeCommand('notebook.cell.cancelExecution', { ranges: [{ start: 0, end: 1 }], document: nb.uri });
    const s = await waitForSummary(cell);
    assert.equal(s.success, false);
    assert.equal(runsOf(cell)[0]?.state, 'cancelled');
    const after = (await api.history.list()).find((e) => e.id === entry.id);
    assert.equal(after?.state, 'cancelled');
  });

  it('completion in a cell offers a cluster created in an earlier cell; hover works', async () => {
    const nb = await openNotebook([
      ['code', "CREATE CLUSTER nb_cells_cluster TYPE = 'SPARK' MAX_OCU = 4 MIN_OCU = 1;"],
      ['code', 'ALTER CLUSTER nb_cells_c'],
    ]);
    const later = nb.cellAt(1).document;
    const at = new vscode.Position(0, later.lineAt(0).text.length);
    const labels = await waitFor(20_000, 'the earlier cell’s cluster in completion', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', later.uri, at);
      const names = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      return names.includes('nb_cells_cluster') ? names : undefined;
    });
    assert.ok(labels.includes('nb_cells_cluster'));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      nb.cellAt(0).document.uri,
      new vscode.Position(0, 2),
    );
    assert.ok(hovers.length > 0, 'hover on CREATE in a cell');
  });

  it('saves and reopens identical', async function () {
    if (!examples()) this.skip();
    const uri = workspaceUri('saved.svcsqlnb');
    const original = fs.readFileSync(path.join(examples()!, 'runbook.svcsqlnb'));
    fs.writeFileSync(uri.fsPath, original);
    const nb = await vscode.workspace.openNotebookDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.set(uri, [
      vscode.NotebookEdit.insertCells(nb.cellCount, [new vscode.NotebookCellData(vscode.NotebookCellKind.Code, 'SHOW LAKES;', 'svcsql')]),
    ]);
    assert.ok(await vscode.workspace.applyEdit(edit));
    const undo = new vscode.WorkspaceEdit();
    undo.set(uri, [vscode.NotebookEdit.deleteCells(new vscode.NotebookRange(nb.cellCount - 1, nb.cellCount))]);
    assert.ok(await vscode.workspace.applyEdit(undo));
    assert.ok(await nb.save(), 'saved');
    assert.equal(fs.readFileSync(uri.fsPath, 'utf8'), original.toString('utf8'), 'the bytes are those of the file opened');
    const cells = nb.getCells().map((c) => [c.kind, c.document.getText()]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const again = await vscode.workspace.openNotebookDocument(uri);
    assert.deepEqual(
      again.getCells().map((c) => [c.kind, c.document.getText()]),
      cells,
    );
  });

  it('outputs are saved only with svcsql.notebook.saveOutputs, and then without a secret', async () => {
    const uri = workspaceUri('outputs.svcsqlnb');
    fs.writeFileSync(uri.fsPath, JSON.stringify({ svcsqlNotebook: 1, cells: [{ kind: 'code', source: ['SHOW CLUSTERS;'] }] }));
    const nb = await vscode.workspace.openNotebookDocument(uri);
    await showWithKernel(nb);
    const config = vscode.workspace.getConfiguration('svcsql');
    try {
      await execute(nb);
      const cell = codeCells(nb)[0]!;
      assert.equal((await waitForSummary(cell)).success, true, textOf(cell));
      assert.equal(runsOf(cell)[0]?.state, 'success');
      // Saving needs a change: VS Code does not write an unchanged notebook. Outputs count as one.
      assert.ok(await nb.save(), 'saved');
      const plain = fs.readFileSync(uri.fsPath, 'utf8');
      assert.doesNotMatch(plain, /outputs|vnd\.svcsql\.run|requestId/, 'no output by default');
      await config.update('notebook.saveOutputs', true, vscode.ConfigurationTarget.Global);
      await execute(nb);
      await waitFor(30_000, 'the second run', () =>
        cell.executionSummary?.executionOrder === 2 && cell.executionSummary.success ? true : undefined,
      );
      assert.ok(await nb.save(), 'saved again');
      const kept = fs.readFileSync(uri.fsPath, 'utf8');
      assert.match(kept, /application\/vnd\.svcsql\.run\+json/);
      assert.ok(kept.includes(runsOf(cell)[0]!.requestId!), 'the run’s request id is kept');
      for (const secret of [DEMO.apiKey, DEMO.apiSecret]) assert.ok(!kept.includes(secret), 'no credential in the saved outputs');
    } finally {
      await config.update('notebook.saveOutputs', undefined, vscode.ConfigurationTarget.Global);
      fs.rmSync(uri.fsPath, { force: true });
    }
  });

  it('a .svcsql file opens as a notebook (a cell per statement, comments as Markdown) and exports back with every statement', async () => {
    const text = "-- # Clusters\n\n-- the first\nCREATE CLUSTER conv_a TYPE = 'SPARK' MAX_OCU = 4 MIN_OCU = 1;\n\nSHOW CLUSTERS;\n";
    const src = workspaceUri('convert.svcsql');
    fs.writeFileSync(src.fsPath, text);
    const nb = (await vscode.commands.executeCommand<vscode.NotebookDocument>('svcsql.notebook.openAsNotebook', src))!;
    assert.equal(nb.notebookType, NOTEBOOK_TYPE);
    assert.deepEqual(
      nb.getCells().map((c) => [c.kind === vscode.NotebookCellKind.Code ? 'code' : 'markdown', c.document.getText()]),
      [
        ['markdown', '# Clusters'],
        ['code', "-- the first\nCREATE CLUSTER conv_a TYPE = 'SPARK' MAX_OCU = 4 MIN_OCU = 1;"],
        ['code', 'SHOW CLUSTERS;'],
      ],
    );
    const target = workspaceUri('converted-back.svcsql');
    await vscode.commands.executeCommand('svcsql.notebook.exportAsSvcsql', nb.uri, target);
    assert.equal(fs.readFileSync(target.fsPath, 'utf8'), text, 'exported back to the same text');
  });
});
