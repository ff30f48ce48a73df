import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalog, completionWarmup } from '../../core/src/index';

test('the completion warm-up asks at every word boundary of every catalog example, one ask a step, without failing', () => {
  let steps = 0;
  for (const _ of completionWarmup()) steps++;
  // At least one caret per example word (every example has a head of one or more words).
  const words = catalog.statements.reduce((n, s) => n + s.example.split(/[\s=,()]+/).filter(Boolean).length, 0);
  assert.ok(steps >= catalog.statements.length, `${steps} steps`);
  assert.ok(steps <= words + catalog.statements.length, `${steps} steps for ${words} words`);
});
