// The vscode-free parts of the results panel: back/forward over runs, the checks on what the page
// sends, the page's HTML shell (CSP, nonce, no data), and the entry → page view (redacted, bounded).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HistoryEntry } from '../../client/src/history';
import { Redactor } from '../../client/src/redact';
import { RunNavigation } from '../../client/src/results/navigation';
import { parseFromPage, safeFileName } from '../../client/src/results/protocol';
import { resultsHtml } from '../../client/src/results/resultsHtml';
import { entryFromObject, isShowOrDescribe, runViewOf } from '../../client/src/results/runView';

test('navigation: back and forward like a browser; a new run drops the forward part; removed runs go', () => {
  const nav = new RunNavigation<string>((a, b) => a === b, 3);
  assert.deepEqual(nav.state(), { back: false, forward: false, position: '' });
  for (const x of ['a', 'b', 'c', 'c']) nav.push(x);
  assert.deepEqual(nav.state(), { back: true, forward: false, position: '3 / 3' });
  assert.equal(nav.go(-1), 'b');
  assert.equal(nav.go(-1), 'a');
  assert.equal(nav.go(-1), undefined);
  assert.equal(nav.current(), 'a');
  nav.push('d');
  assert.deepEqual(nav.state(), { back: true, forward: false, position: '2 / 2' });
  for (const x of ['e', 'f', 'g']) nav.push(x);
  assert.equal(nav.state().position, '3 / 3'); // bounded
  nav.go(-1);
  nav.removeWhere((x) => x === 'f');
  assert.equal(nav.current(), 'e');
  assert.deepEqual(nav.state(), { back: false, forward: true, position: '1 / 2' });
});

test('messages from the page are checked: unknown or malformed ones are dropped', () => {
  assert.deepEqual(parseFromPage({ type: 'ready' }), { type: 'ready' });
  assert.deepEqual(parseFromPage({ type: 'copy', text: 'x', what: 'the cell' }), { type: 'copy', text: 'x', what: 'the cell' });
  assert.deepEqual(parseFromPage({ type: 'nav', to: 'back' }), { type: 'nav', to: 'back' });
  for (const bad of [
    null,
    'ready',
    {},
    { type: 'eval', code: '1' },
    { type: 'copy', text: 1, what: 'x' },
    { type: 'save', format: 'exe', text: '', name: 'a' },
    { type: 'nav', to: 'sideways' },
    { type: 'rendered', runId: 'r', rows: 'many', ms: 1 },
  ]) {
    assert.equal(parseFromPage(bad), undefined, JSON.stringify(bad));
  }
  assert.equal(safeFileName('SHOW CLUSTERS', 'csv'), 'SHOW-CLUSTERS.csv');
  assert.equal(safeFileName('../../etc/passwd', 'json'), 'etc-passwd.json');
  assert.equal(safeFileName('', 'csv'), 'results.csv');
});

test('the page shell: strict CSP with a fresh nonce, scripts only with it, nothing remote, no data', () => {
  const a = resultsHtml({
    cspSource: 'https://x.vscode-cdn.net',
    scriptUri: 'https://x.vscode-cdn.net/out/results-webview.js',
    styleUri: 'https://x.vscode-cdn.net/out/results-webview.css',
  });
  const b = resultsHtml({ cspSource: 's', scriptUri: 'j', styleUri: 'c' });
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(a)![1]!;
  assert.match(csp, /^default-src 'none'; /);
  const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
  assert.ok(nonce.length >= 16);
  assert.notEqual(nonce, /script-src 'nonce-([^']+)'/.exec(b)![1]);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
  const scripts = [...a.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
  assert.deepEqual(scripts, [` nonce="${nonce}" src="https://x.vscode-cdn.net/out/results-webview.js"`]);
  assert.doesNotMatch(a, /\sstyle="|\son\w+=/); // no inline style or handler attributes
});

const entry = (over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: 'r1',
  profile: 'p',
  statement: 'SHOW CLUSTERS',
  title: 'SHOW CLUSTERS',
  state: 'success',
  submittedAt: 1,
  updatedAt: 2,
  ...over,
});

test('the page view of a run is redacted and bounded; __proto__ keys stay data', () => {
  const redactor = new Redactor();
  redactor.add('s3cr3t-value-123');
  let deep: unknown = { leaf: 's3cr3t-value-123' };
  for (let i = 0; i < 10_000; i++) deep = { d: deep };
  const response = JSON.parse('{"list":[{"__proto__":{"x":1},"note":"key s3cr3t-value-123"}]}') as unknown;
  const view = runViewOf(entry({ apiResponse: { response, deep }, error: { kind: 'server', message: 'echo s3cr3t-value-123' } }), (v) =>
    redactor.value(v),
  );
  const text = JSON.stringify(view);
  assert.doesNotMatch(text, /s3cr3t-value-123/);
  assert.match(text, /"__proto__":\{"x":1\}/);
  assert.equal(view.hasResponse, true);
  assert.deepEqual(view.events, []);
});

test('a HistoryEntry-shaped object from the explorer is taken in, and junk is refused; SHOW/DESCRIBE runs open the panel', () => {
  const e = entryFromObject({
    id: 'x',
    title: 'SHOW TABLES',
    apiResponse: { a: [] },
    state: 'success',
    events: [{ at: 1, state: 'success' }, 'junk'],
  })!;
  assert.equal(e.id, 'x');
  assert.deepEqual(e.apiResponse, { a: [] });
  assert.deepEqual(e.events, [{ at: 1, state: 'success' }]);
  for (const bad of [undefined, null, 'x', {}, { id: 3 }, { id: '' }]) assert.equal(entryFromObject(bad), undefined);
  assert.ok(isShowOrDescribe(entry()));
  assert.ok(isShowOrDescribe(entry({ title: '', statement: '  describe cluster c' })));
  assert.ok(!isShowOrDescribe(entry({ title: 'CREATE CLUSTER' })));
});
