// The Service Objects view against the run's emulator, through the real commands with the nodes the
// view hands them: the clusters are listed, Describe runs DESCRIBE CLUSTER as a normal run (in the
// Requests history), a cluster created by a statement shows after a refresh and is then offered by
// completion after CLUSTER = ', a failing read is an item with the message, Insert Statement fills the
// name in, Stop Loading abandons a read, and switching profile takes the names out of completion.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  DEMO,
  emulatorFaults,
  emulatorStats,
  emulatorSuite,
  emulatorUrl,
  HELD,
  openScratch,
  positionOf,
  sleep,
  waitFor,
  within,
} from '../host/helpers';

const PROFILE = 'e2e-explorer';
const OTHER = 'e2e-explorer-other';

interface Read {
  status: string;
  names?: string[];
  message?: string;
  profile?: string;
}
const group = (kind: string) => ({ type: 'group', kind });
const object = (kind: string, name: string) => ({ type: 'object', kind, name });

async function refresh(kind: string): Promise<Read> {
  return (await vscode.commands.executeCommand<Read>('svcsql.objects.refresh', group(kind)))!;
}

async function completionAt(doc: vscode.TextDocument, caret: vscode.Position): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, caret);
  return (list?.items ?? []).filter((i) => i.kind !== vscode.CompletionItemKind.Text);
}
const label = (i: vscode.CompletionItem) => (typeof i.label === 'string' ? i.label : i.label.label);

describe('Service Objects view', function () {
  this.timeout(60_000);
  const suite = emulatorSuite('explorer.svcsql', PROFILE);
  const created = `e2e_explorer_${Date.now().toString(36)}`;

  it('lists the emulator\u2019s clusters for the active profile', async () => {
    await vscode.commands.executeCommand('svcsql.objects.focus');
    const read = await refresh('cluster');
    assert.equal(read.status, 'loaded', JSON.stringify(read));
    assert.equal(read.profile, PROFILE);
    assert.ok(read.names?.includes('etl') && read.names.includes('adhoc'), `the seeded clusters: ${JSON.stringify(read.names)}`);
  });

  it('Describe runs DESCRIBE CLUSTER as a normal run: it is in the Requests history', async () => {
    const entry = await vscode.commands.executeCommand<{ id: string; statement: string; state: string; apiResponse?: unknown }>(
      'svcsql.objects.describe',
      object('cluster', 'etl'),
    );
    assert.ok(entry, 'a run happened');
    assert.equal(entry.statement, 'DESCRIBE CLUSTER etl');
    assert.equal(entry.state, 'success', JSON.stringify(entry));
    const listed = (await suite.api.history.list()).find((e) => e.id === entry.id);
    assert.ok(listed, 'the run is in the history');
    assert.equal(listed.statement, 'DESCRIBE CLUSTER etl');
    assert.equal(listed.profile, PROFILE);
    assert.match(JSON.stringify(listed.apiResponse), /"describeClusterApiResponse":\{"cluster":\{"name":"etl","status":"ACTIVE"/);
  });

  it('a cluster created by a statement is read again at once and offered by completion after CLUSTER = \u2019; a DELETE takes it out', async () => {
    const job = "CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = '";
    const { doc: jobDoc } = await openScratch('explorer-complete.svcsql', `${job}\n`);
    const caret = positionOf(jobDoc, job, job.length);
    const offered = async () => (await completionAt(jobDoc, caret)).find((i) => label(i).includes(created));
    // The file that creates the cluster is in the workspace, so the workspace index offers it too: what
    // follows the service is whether the item says it was read from there.
    const fromService = async () => {
      const i = await offered();
      return i && /\bservice\b/.test(i.detail ?? '') ? i : undefined;
    };

    const { doc } = await openScratch(
      'explorer-create.svcsql',
      `CREATE CLUSTER ${created} TYPE = 'SPARK' MAX_OCU = 2 MIN_OCU = 1;\nDELETE CLUSTER ${created};\n`,
    );
    const run = (await suite.api.runStatementAt(doc.uri, new vscode.Position(0, 3))) as { state: string } | undefined;
    assert.equal(run?.state, 'success', JSON.stringify(run));
    // No refresh: the successful CREATE CLUSTER made the (read) Clusters group stale, and it was read again.
    const item = await waitFor(15_000, 'completion to offer the created cluster as read from the service', fromService);
    assert.match(item.detail ?? '', /^cluster · (workspace, )?service$/, 'marked as read from the service');
    const documentation = typeof item.documentation === 'string' ? item.documentation : item.documentation?.value;
    assert.match(documentation ?? '', new RegExp(`profile \`${PROFILE}\``));
    assert.ok(
      (await completionAt(jobDoc, caret)).some((i) => label(i).includes('adhoc')),
      'the seeded clusters too',
    );
    const read = await refresh('cluster');
    assert.ok(read.names?.includes(created), `listed after a refresh: ${JSON.stringify(read.names)}`);

    const deleted = (await suite.api.runStatementAt(doc.uri, new vscode.Position(1, 3))) as { state: string } | undefined;
    assert.equal(deleted?.state, 'success', JSON.stringify(deleted));
    await waitFor(15_000, 'completion to stop offering the deleted cluster as read from the service', async () =>
      (await fromService()) ? undefined : true,
    );
  });

  it('Insert Statement puts the statement with the name into the active .svcsql editor', async () => {
    const { doc, editor } = await openScratch('explorer-insert.svcsql', '');
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const inserted = await vscode.commands.executeCommand<string>(
      'svcsql.objects.insertStatement',
      object('cluster', 'spark-big'),
      'alter-cluster',
    );
    assert.equal(inserted, 'ALTER CLUSTER `spark-big` SET ${1}');
    await waitFor(5_000, 'the editor to hold the statement', () =>
      doc.getText().startsWith('ALTER CLUSTER `spark-big` SET ') ? true : undefined,
    );
    await vscode.commands.executeCommand('svcsql.objects.insertStatement', object('cluster', 'etl'), 'delete-cluster');
    assert.match(doc.getText(), /\nDELETE CLUSTER etl$/, 'on a line of its own');
  });

  it('Copy Name copies the name as read', async () => {
    await vscode.commands.executeCommand('svcsql.objects.copyName', object('cluster', 'adhoc'));
    assert.equal(await vscode.env.clipboard.readText(), 'adhoc');
  });

  it('a failing read is one item with the message, never a crash; the next refresh reads again', async () => {
    await emulatorFaults({ outcome: 'FAILED' });
    const failed = await refresh('lake');
    assert.equal(failed.status, 'error', JSON.stringify(failed));
    assert.match(failed.message ?? '', /^failed: /);
    await emulatorFaults({ outcome: null });
    const again = await refresh('lake');
    assert.equal(again.status, 'loaded');
    assert.ok(again.names?.includes('main_lake'));
  });

  it('Stop Loading abandons a read under way: the group says it was cancelled, and polling stops', async () => {
    const statusBefore = (await emulatorStats()).statusCalls;
    await emulatorFaults({ unknownStatus: 100_000, unknownStatusValue: HELD });
    const reading = vscode.commands.executeCommand<Read>('svcsql.objects.refresh', group('flow'));
    await waitFor(10_000, 'the read to be polled', async () => ((await emulatorStats()).statusCalls > statusBefore ? true : undefined));
    await vscode.commands.executeCommand('svcsql.objects.cancel', group('flow'));
    const read = (await within(10_000, 'the cancelled read to end', reading))!;
    assert.equal(read.status, 'cancelled', JSON.stringify(read));
    const calls = (await emulatorStats()).statusCalls;
    await sleep(2_500);
    assert.equal((await emulatorStats()).statusCalls, calls, 'no status call after the cancel');
    await emulatorFaults({ unknownStatus: 0 });
    assert.equal((await refresh('flow')).status, 'loaded', 'a refresh reads again');
  });

  it('switching profile forgets what was read: completion no longer offers those names', async () => {
    await refresh('cluster');
    await suite.api.storeCredentials(OTHER, { baseUrl: emulatorUrl()!, ...DEMO });
    const job = "CREATE JOB j TYPE = 'JAR' PARAMETERS = ('a') CLUSTER = '";
    const { doc } = await openScratch('explorer-switch.svcsql', `${job}\n`);
    const caret = positionOf(doc, job, job.length);
    await waitFor(10_000, 'the service names to leave completion', async () =>
      (await completionAt(doc, caret)).some((i) => i.detail === 'cluster · service') ? undefined : true,
    );
    const read = await refresh('cluster');
    assert.equal(read.profile, OTHER, 'the view reads with the new active profile');
  });
});
