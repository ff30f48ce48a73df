// Run Statement against the project's emulator (started by the runner; URL in the environment):
// the run reaches SUCCESS, the output channel holds the request id and the response, the Requests
// view lists it; a statement the emulator rejects with 400 earns a `service` diagnostic on its line.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { DEMO, emulatorUrl, extensionApi, findLogFile, openFixture, positionOf, waitFor, waitForDiagnostics } from '../host/helpers';
import { mark } from '../host/marks';

describe('Run Statement against the emulator', function () {
  before(async function () {
    const url = emulatorUrl();
    if (!url) this.skip();
    const api = await extensionApi();
    await api.storeCredentials('e2e-emulator', { baseUrl: url!, ...DEMO });
  });

  it('runs to SUCCESS; the output channel holds the requestId and the response; the Requests view lists it', async () => {
    const api = await extensionApi();
    const { doc } = await openFixture('run.svcsql');
    const at = positionOf(doc, 'CREATE CLUSTER e2e_cluster', 7);
    mark('runStart');
    const entry = await api.runStatementAt(doc.uri, at);
    mark('runEnd');
    assert.ok(entry && typeof entry === 'object', 'a run happened');
    const e = entry as { state: string; requestId?: string; apiStatus?: string; apiResponse?: unknown; title?: string };
    assert.equal(e.state, 'success', `final state (${JSON.stringify(e)})`);
    assert.ok(e.requestId, 'the service gave a request id');
    assert.match(e.apiStatus ?? '', /SUCCESS/);

    const listed = await api.history.list();
    assert.equal(listed[0]?.requestId, e.requestId, 'the newest history entry (what the Requests view shows) is this run');
    assert.equal(listed[0]?.state, 'success');
    await vscode.commands.executeCommand('svcsql.requests.focus');

    const logFile = await waitFor(10_000, 'the Service SQL output log file', () => findLogFile('Service SQL.log'));
    const log = await waitFor(10_000, 'the output to hold the request id and the response', () => {
      const text = fs.readFileSync(logFile, 'utf8');
      return text.includes(e.requestId!) && /SUCCESS/.test(text) && /apiResponse|clusterName|createCluster/i.test(text) ? text : undefined;
    });
    assert.ok(!log.includes(DEMO.apiSecret), 'the output never shows the api secret');
  });

  it('a statement the emulator rejects with 400 gets a `service` diagnostic on the right line', async () => {
    const api = await extensionApi();
    const { doc } = await openFixture('run.svcsql');
    const start = positionOf(doc, 'CREATE CLUSTER broken_cluster');
    const badLine = positionOf(doc, 'MAX_OCU 4').line;
    const entry = (await api.runStatementAt(doc.uri, start.translate(0, 3))) as
      { state: string; error?: { kind: string; httpStatus?: number } } | undefined;
    assert.ok(entry, 'a run happened');
    assert.notEqual(entry.state, 'success');
    assert.equal(entry.error?.kind, 'parse', `a parse error (${JSON.stringify(entry)})`);
    assert.equal(entry.error?.httpStatus, 400);
    const diags = await waitForDiagnostics(doc.uri, 10_000, (d) => d.some((x) => x.source === 'service'), 'a service diagnostic');
    const service = diags.filter((d) => d.source === 'service');
    assert.equal(service.length, 1, 'one service diagnostic');
    assert.equal(service[0]!.range.start.line, badLine, `on the line the service named (line ${badLine})`);
    assert.equal(doc.getText(service[0]!.range).length > 0, true, 'with a non-empty range');
    // The code links to its entry in docs/diagnostics.md (hover and Problems show it as a link).
    const code = service[0]!.code as { value: string; target: vscode.Uri } | undefined;
    assert.equal(code?.value, 'parse');
    assert.match(code?.target.toString(true) ?? '', /\/docs\/diagnostics\.md#parse$/);
  });
});
