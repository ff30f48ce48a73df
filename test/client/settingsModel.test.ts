// The extension's settings reader: typed, clamped to the manifest's bounds, defaults for anything else.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { historyMaxFrom, mcpServerOfferFrom, notebookSettingsFrom, openOnShowFrom, runSettingsFrom } from '../../client/src/settingsModel';

const lookup = (values: Record<string, unknown>) => (key: string) => values[key];

test('run settings: defaults, clamps and values of the wrong type', () => {
  assert.deepEqual(runSettingsFrom(lookup({})), { timeoutMs: 600_000, maxResponseBytes: 16 * 1024 * 1024 });
  assert.deepEqual(runSettingsFrom(lookup({ 'run.timeoutMinutes': 2, 'run.maxResponseMB': 0.5 })), {
    timeoutMs: 120_000,
    maxResponseBytes: 1024 * 1024,
  });
  assert.deepEqual(runSettingsFrom(lookup({ 'run.timeoutMinutes': 1e9, 'run.maxResponseMB': 1e9 })), {
    timeoutMs: 1440 * 60_000,
    maxResponseBytes: 1024 * 1024 * 1024,
  });
  assert.deepEqual(runSettingsFrom(lookup({ 'run.timeoutMinutes': 0, 'run.maxResponseMB': '64' })), {
    timeoutMs: 6_000,
    maxResponseBytes: 16 * 1024 * 1024,
  });
  assert.equal(runSettingsFrom(lookup({ 'run.timeoutMinutes': Number.NaN })).timeoutMs, 600_000);
});

test('history size and auto-open', () => {
  assert.equal(historyMaxFrom(lookup({}), 200), 200);
  assert.equal(historyMaxFrom(lookup({ 'history.max': 0 }), 200), 1);
  assert.equal(historyMaxFrom(lookup({ 'history.max': 5000 }), 200), 1000);
  assert.equal(historyMaxFrom(lookup({ 'history.max': 12.7 }), 200), 12);
  assert.equal(openOnShowFrom(lookup({})), true);
  assert.equal(openOnShowFrom(lookup({ 'results.openOnShow': false })), false);
  assert.equal(openOnShowFrom(lookup({ 'results.openOnShow': 'no' })), true);
});

test('notebook settings: off unless set to true', () => {
  assert.deepEqual(notebookSettingsFrom(lookup({})), { saveOutputs: false, continueOnError: false });
  assert.deepEqual(notebookSettingsFrom(lookup({ 'notebook.saveOutputs': true, 'notebook.continueOnError': true })), {
    saveOutputs: true,
    continueOnError: true,
  });
  assert.deepEqual(notebookSettingsFrom(lookup({ 'notebook.saveOutputs': 'true', 'notebook.continueOnError': 1 })), {
    saveOutputs: false,
    continueOnError: false,
  });
});

test('the MCP server offer: auto unless on or off', () => {
  assert.equal(mcpServerOfferFrom(lookup({})), 'auto');
  assert.equal(mcpServerOfferFrom(lookup({ 'agent.mcpServer': 'on' })), 'on');
  assert.equal(mcpServerOfferFrom(lookup({ 'agent.mcpServer': 'off' })), 'off');
  assert.equal(mcpServerOfferFrom(lookup({ 'agent.mcpServer': true })), 'auto');
});
