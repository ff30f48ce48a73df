// The history keeps a masked statement and its flag; a re-run reads the real text from the file,
// or refuses when the file no longer holds the same statement. The Requests tooltip escapes
// service text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runTooltipMarkdown } from '../../client/src/runText';
import { HistoryModel, type HistoryEntry } from '../../client/src/history';
import { rerunSource } from '../../client/src/rerunSource';
import type { StatementEntry } from '../../protocol/src/lspExtensions';

const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 10 } };
const real = "CREATE TRANSFORMATION t TYPE = 'VECTOR_EMBEDDING' WITH 'vector.embedding.transformation.api.key' = 'sk-123456'";
const shown = "CREATE TRANSFORMATION t TYPE = 'VECTOR_EMBEDDING' WITH 'vector.embedding.transformation.api.key' = '***'";
const server: StatementEntry = {
  range,
  kind: 'create-transformation',
  title: 'CREATE TRANSFORMATION',
  text: real,
  hasErrors: false,
  displayText: shown,
  secretValues: ['sk-123456'],
};

test('a masked entry persists masked, and keeps its flag across a reload', () => {
  const h = new HistoryModel();
  h.add({
    id: 'a',
    profile: 'p',
    statement: shown,
    masked: true,
    title: 'CREATE TRANSFORMATION',
    state: 'success',
    submittedAt: 1,
    updatedAt: 1,
  });
  const json = JSON.stringify(h.toPersisted());
  assert.ok(!json.includes('sk-123456'));
  const again = new HistoryModel();
  again.load(JSON.parse(json));
  assert.equal(again.get('a')?.masked, true);
});

test('re-run of a masked statement: the real text from the file, or a clear refusal', () => {
  const ok = rerunSource({ statement: shown, masked: true }, [server]);
  assert.ok(ok.ok && ok.text === real);
  const gone = rerunSource({ statement: shown, masked: true }, [{ ...server, displayText: shown.replace('t TYPE', 'u TYPE') }]);
  assert.equal(gone.ok, false);
  assert.match(!gone.ok ? gone.message : '', /secret WITH value.*Run it from the file/);
  assert.equal(rerunSource({ statement: shown, masked: true }, []).ok, false);
  const plain = rerunSource({ statement: 'SHOW FLOWS' }, []);
  assert.ok(plain.ok && plain.text === 'SHOW FLOWS');
});

test('Requests tooltip: service text cannot add links, images or break out of the code block', () => {
  const e: HistoryEntry = {
    id: 'x',
    profile: 'p',
    title: 'SHOW [x](https://evil.example) FLOWS',
    state: 'pending',
    submittedAt: 0,
    updatedAt: 0,
    apiStatus: 'PENDING` ![i](https://evil.example/t.png) `',
    requestId: 'id\n\n# forged **bold**',
    statement: 'SHOW FLOWS\n```\n[link](https://evil.example)',
  };
  const md = runTooltipMarkdown(e);
  const prose = md.slice(0, md.indexOf('````'));
  assert.doesNotMatch(prose, /(^|[^\\])\[(x|i)\]\(/);
  assert.doesNotMatch(md, /^# forged/m);
  assert.match(md, /^````svcsql\n[\s\S]*\n````\n$/m, "the fence is longer than the statement's backtick run");
});
