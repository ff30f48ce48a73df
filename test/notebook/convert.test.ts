// .svcsql ↔ notebook: statement boundaries from the language core (as the server gives them to the
// extension); no statement text is lost in either direction.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analyze } from '../../core/src/index';
import { cellsToSvcsql, svcsqlToCells } from '../../client/src/notebook/convert';

const cellsOf = (text: string) => svcsqlToCells(text, analyze(text).statements);
const sendTexts = (text: string) => analyze(text).statements.map((s) => s.sendText.trim());

describe('.svcsql ↔ notebook', () => {
  it('makes a cell per statement, keeps a comment on top of its statement, and other comments as Markdown', () => {
    const text = '-- # Clusters runbook\n-- First the cluster.\n\n-- the small one\nCREATE CLUSTER c1 SIZE = 1\n\nSHOW CLUSTERS\n';
    const cells = cellsOf(text);
    assert.deepEqual(
      cells.map((c) => [c.kind, c.source]),
      [
        ['markdown', '# Clusters runbook\nFirst the cluster.'],
        ['code', '-- the small one\nCREATE CLUSTER c1 SIZE = 1'],
        ['code', 'SHOW CLUSTERS'],
      ],
    );
    assert.equal(
      cellsToSvcsql(cells),
      '-- # Clusters runbook\n-- First the cluster.\n\n-- the small one\nCREATE CLUSTER c1 SIZE = 1\n\nSHOW CLUSTERS\n',
    );
  });

  it('keeps the semicolon with its statement', () => {
    assert.deepEqual(
      cellsOf('SHOW CLUSTERS;\n\nSHOW LAKES ;\n').map((c) => c.source),
      ['SHOW CLUSTERS;', 'SHOW LAKES ;'],
    );
  });

  it('keeps a trailing comment on its statement', () => {
    const cells = cellsOf('SHOW CLUSTERS -- all of them\nSHOW LAKES\n');
    assert.deepEqual(
      cells.map((c) => c.source),
      ['SHOW CLUSTERS -- all of them', 'SHOW LAKES'],
    );
  });

  for (const file of readdirSync('examples').filter((f) => f.endsWith('.svcsql'))) {
    it(`loses no statement text either way: examples/${file}`, () => {
      const text = readFileSync(join('examples', file), 'utf8');
      const cells = cellsOf(text);
      const code = cells
        .filter((c) => c.kind === 'code')
        .map((c) => c.source)
        .join('\n');
      for (const s of sendTexts(text)) assert.ok(code.includes(s), `statement missing from the cells: ${s}`);
      const back = cellsToSvcsql(cells);
      assert.deepEqual(sendTexts(back), sendTexts(text));
      // And back again: the same cells.
      assert.deepEqual(cellsOf(back), cells);
    });
  }
});
