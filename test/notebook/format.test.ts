// The .svcsqlnb format: any cells → text → cells is the identity (fuzzed with a seeded generator),
// outputs are written only when asked, the text has one line per cell line, and broken files get
// a clear message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type NotebookCellRecord,
  NotebookFormatError,
  type NotebookRecord,
  parseNotebook,
  serializeNotebook,
} from '../../client/src/notebook/notebookFormat';
import { rng } from '../../bench/rng';

const PIECES = [
  '\n',
  '\r\n',
  '\r',
  ' ',
  '\t',
  '"',
  '\\',
  "'",
  '--',
  '/*',
  '*/',
  ';',
  'é',
  '😀',
  '\u0000',
  '\u2028',
  '{',
  '}',
  '[',
  ']',
  'CREATE',
  'x',
];

function randomText(r: () => number): string {
  const n = Math.floor(r() * 30);
  let s = '';
  for (let i = 0; i < n; i++) s += r() < 0.7 ? PIECES[Math.floor(r() * PIECES.length)]! : String.fromCharCode(Math.floor(r() * 0xd7ff));
  return s;
}

function randomCell(r: () => number): NotebookCellRecord {
  const kind = r() < 0.6 ? 'code' : 'markdown';
  const language = r() < 0.1 ? 'json' : kind === 'code' ? 'svcsql' : 'markdown';
  const cell: NotebookCellRecord = { kind, language, source: randomText(r) };
  if (r() < 0.2) cell.metadata = { tag: randomText(r), n: Math.floor(r() * 100) };
  if (r() < 0.3)
    cell.outputs = [
      {
        items: [
          { mime: 'text/plain', text: randomText(r) },
          { mime: 'image/png', base64: 'iVBORw0KGgo=' },
        ],
      },
    ];
  return cell;
}

describe('notebook format', () => {
  it('round-trips any cells exactly (1,000 seeded random notebooks)', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const r = rng(seed);
      const nb: NotebookRecord = { cells: Array.from({ length: Math.floor(r() * 8) }, () => randomCell(r)) };
      if (r() < 0.3) nb.metadata = { title: randomText(r) };
      const back = parseNotebook(serializeNotebook(nb, { outputs: true }));
      assert.deepEqual(back, nb, `seed ${seed}`);
    }
  });

  it('leaves outputs out unless asked', () => {
    const nb: NotebookRecord = {
      cells: [
        {
          kind: 'code',
          language: 'svcsql',
          source: 'SHOW CLUSTERS',
          outputs: [{ items: [{ mime: 'text/plain', text: 'secret-ish data' }] }],
        },
      ],
    };
    const text = serializeNotebook(nb, { outputs: false });
    assert.ok(!text.includes('secret-ish data'));
    assert.deepEqual(parseNotebook(text).cells[0], { kind: 'code', language: 'svcsql', source: 'SHOW CLUSTERS' });
    assert.ok(serializeNotebook(nb, { outputs: true }).includes('secret-ish data'));
  });

  it('writes one line of the file per line of a cell, so that diffs are per line', () => {
    const text = serializeNotebook(
      { cells: [{ kind: 'code', language: 'svcsql', source: "CREATE LAKE l\n  WITH 'a' = 'b'\nSHOW LAKES" }] },
      { outputs: false },
    );
    const lines = text.split('\n');
    assert.ok(lines.some((l) => l.trim() === '"CREATE LAKE l\\n",'));
    assert.ok(lines.some((l) => l.trim() === '"SHOW LAKES"'));
    // Editing one line of a cell changes one line of the file.
    const edited = serializeNotebook(
      { cells: [{ kind: 'code', language: 'svcsql', source: "CREATE LAKE l\n  WITH 'a' = 'c'\nSHOW LAKES" }] },
      { outputs: false },
    ).split('\n');
    assert.equal(lines.filter((l, i) => l !== edited[i]).length, 1);
  });

  it('reads an empty file as an empty notebook and refuses other files with a message', () => {
    assert.deepEqual(parseNotebook(''), { cells: [] });
    assert.throws(
      () => parseNotebook('SHOW CLUSTERS'),
      (e: Error) => e instanceof NotebookFormatError && /not a Service SQL notebook/.test(e.message),
    );
    assert.throws(() => parseNotebook('{"cells": [{"kind": "code"}]}'), /cell 1 has no text/);
    assert.throws(() => parseNotebook('{"svcsqlNotebook": 99, "cells": []}'), /newer version/);
  });
});
