import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../core/src/index';

// An unknown statement's head is its leading plain words: none when it opens with a backticked or
// dotted name, and then its title is its first written word.
test('an unknown statement opening with a name that is not a plain word has no head words', () => {
  const [s] = analyze('`odd name` DELETE CLUSTER c').statements;
  assert.equal(s!.kind, 'unknown');
  assert.equal(s!.title, '`odd');
  const [d] = analyze('a.b DELETE CLUSTER c').statements;
  assert.equal(d!.title, 'a.b');
  const [w] = analyze('FOO BAR BAZ QUX = 1').statements;
  assert.equal(w!.title, 'FOO BAR BAZ');
});
