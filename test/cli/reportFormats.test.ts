// --format sarif (checked against the SARIF 2.1.0 required shape) and --format github.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIXTURES, runCli } from './helpers';

type Json = Record<string, unknown>;

/**
 * The parts of the SARIF 2.1.0 schema (sarif-schema-2.1.0.json) that code scanning relies on:
 * required properties, their types, enum values and minimums. Returns the problems found.
 */
function sarifProblems(log: unknown): string[] {
  const problems: string[] = [];
  const obj = (v: unknown, at: string): v is Json =>
    (v !== null && typeof v === 'object' && !Array.isArray(v)) || (problems.push(`${at}: not an object`), false);
  const arr = (v: unknown, at: string): v is unknown[] => Array.isArray(v) || (problems.push(`${at}: not an array`), false);
  const str = (v: unknown, at: string) => typeof v === 'string' || problems.push(`${at}: not a string`);
  const int = (v: unknown, at: string, min: number) =>
    (Number.isInteger(v) && (v as number) >= min) || problems.push(`${at}: not an integer >= ${min}`);
  const message = (v: unknown, at: string) =>
    obj(v, at) && (typeof v.text === 'string' || typeof v.id === 'string' || problems.push(`${at}: needs text or id`));

  if (!obj(log, '$')) return problems;
  if (log.version !== '2.1.0') problems.push('$.version: must be "2.1.0"');
  if (log.$schema !== undefined) str(log.$schema, '$.$schema');
  if (!arr(log.runs, '$.runs')) return problems;
  log.runs.forEach((run, r) => {
    const at = `$.runs[${r}]`;
    if (!obj(run, at)) return;
    if (!obj(run.tool, `${at}.tool`) || !obj(run.tool.driver, `${at}.tool.driver`)) return;
    const driver = run.tool.driver;
    str(driver.name, `${at}.tool.driver.name`);
    if (driver.version !== undefined) str(driver.version, `${at}.tool.driver.version`);
    if (driver.informationUri !== undefined) str(driver.informationUri, `${at}.tool.driver.informationUri`);
    const ruleIds: string[] = [];
    if (driver.rules !== undefined && arr(driver.rules, `${at}.tool.driver.rules`)) {
      driver.rules.forEach((rule, i) => {
        if (obj(rule, `${at}.tool.driver.rules[${i}]`)) {
          str(rule.id, `${at}.tool.driver.rules[${i}].id`);
          ruleIds.push(rule.id as string);
        }
      });
      if (new Set(ruleIds).size !== ruleIds.length) problems.push(`${at}.tool.driver.rules: ids not unique`);
    }
    if (run.results === undefined) return;
    if (!arr(run.results, `${at}.results`)) return;
    run.results.forEach((res, i) => {
      const rat = `${at}.results[${i}]`;
      if (!obj(res, rat)) return;
      message(res.message, `${rat}.message`);
      if (res.ruleId !== undefined) str(res.ruleId, `${rat}.ruleId`);
      if (res.level !== undefined && !['none', 'note', 'warning', 'error'].includes(res.level as string))
        problems.push(`${rat}.level: ${String(res.level)}`);
      if (res.ruleIndex !== undefined) {
        int(res.ruleIndex, `${rat}.ruleIndex`, -1);
        if (ruleIds[res.ruleIndex as number] !== res.ruleId) problems.push(`${rat}.ruleIndex does not point at ruleId`);
      }
      if (res.locations === undefined) return;
      if (!arr(res.locations, `${rat}.locations`)) return;
      res.locations.forEach((loc, j) => {
        const lat = `${rat}.locations[${j}]`;
        if (!obj(loc, lat) || loc.physicalLocation === undefined) return;
        const pl = loc.physicalLocation;
        if (!obj(pl, `${lat}.physicalLocation`)) return;
        if (obj(pl.artifactLocation, `${lat}.physicalLocation.artifactLocation`))
          str(pl.artifactLocation.uri, `${lat}.physicalLocation.artifactLocation.uri`);
        if (pl.region !== undefined && obj(pl.region, `${lat}.physicalLocation.region`)) {
          const g = pl.region;
          for (const k of ['startLine', 'startColumn', 'endLine', 'endColumn']) if (g[k] !== undefined) int(g[k], `${lat}.region.${k}`, 1);
          if ((g.endLine as number) < (g.startLine as number)) problems.push(`${lat}.region: endLine before startLine`);
        }
      });
    });
  });
  return problems;
}

test('the validator itself rejects broken logs', () => {
  assert.ok(sarifProblems({ version: '2.0.0', runs: [] }).length > 0);
  assert.ok(sarifProblems({ version: '2.1.0', runs: [{ tool: { driver: {} } }] }).length > 0);
  const badRegion = {
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'x' } },
        results: [
          { message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: { uri: 'a' }, region: { startLine: 0 } } }] },
        ],
      },
    ],
  };
  assert.ok(sarifProblems(badRegion).length > 0);
});

test('--format sarif: valid SARIF 2.1.0 with rules = our codes and 1-based regions, relative uris', async () => {
  const r = await runCli(['lint', '--format', 'sarif', 'errors', 'clean'], { cwd: FIXTURES });
  assert.equal(r.code, 1, r.stderr);
  const log = JSON.parse(r.stdout) as {
    version: string;
    runs: {
      tool: { driver: { name: string; version: string; informationUri: string; rules: { id: string; helpUri?: string }[] } };
      results: {
        ruleId: string;
        level: string;
        message: { text: string };
        locations: { physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }[];
      }[];
    }[];
  };
  assert.deepEqual(sarifProblems(log), []);
  const run = log.runs[0]!;
  assert.equal(run.tool.driver.name, 'svcsql');
  assert.match(run.tool.driver.version, /^\d+\.\d+\.\d+/);
  assert.match(run.tool.driver.informationUri, /^https?:\/\//);
  const ids = run.tool.driver.rules.map((x) => x.id);
  assert.ok(ids.includes('quoted-integer'), ids.join());
  // Each rule links to its own entry of docs/diagnostics.md.
  for (const rule of run.tool.driver.rules)
    assert.equal(rule.helpUri, `${run.tool.driver.informationUri}/blob/main/docs/diagnostics.md#${rule.id}`, rule.id);
  for (const res of run.results) assert.ok(ids.includes(res.ruleId), res.ruleId);
  const q = run.results.find((x) => x.ruleId === 'quoted-integer')!;
  assert.equal(q.level, 'error');
  assert.equal(q.locations[0]!.physicalLocation.artifactLocation.uri, 'errors/bad.svcsql');
  assert.deepEqual(q.locations[0]!.physicalLocation.region, { startLine: 2, startColumn: 44, endLine: 2, endColumn: 47 });
  assert.ok(run.results.some((x) => x.level === 'warning'));
});

test('--format sarif on clean files: zero results, still valid', async () => {
  const r = await runCli(['lint', '--format', 'sarif', 'clean'], { cwd: FIXTURES });
  assert.equal(r.code, 0);
  const log = JSON.parse(r.stdout) as { runs: { results: unknown[] }[] };
  assert.deepEqual(sarifProblems(log), []);
  assert.equal(log.runs[0]!.results.length, 0);
});

test('--format github: one workflow command per diagnostic, escaped', async () => {
  const r = await runCli(['lint', '--format', 'github', 'errors/bad.svcsql'], { cwd: FIXTURES });
  assert.equal(r.code, 1);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 2, r.stdout);
  const err = lines.find((l) => l.startsWith('::error '))!;
  assert.match(err, /^::error file=errors\/bad\.svcsql,line=2,col=44,endLine=2,endColumn=46,title=svcsql quoted-integer::MAX_OCU .+$/);
  assert.ok(lines.some((l) => l.startsWith('::warning file=errors/bad.svcsql,line=4,col=1,')));
  // Property values must not carry raw , or : (they would end the property); the message has no newline.
  for (const l of lines) {
    const props = l.slice(l.indexOf(' ') + 1, l.indexOf('::', 2));
    for (const p of props.split(',')) assert.match(p, /^[a-zA-Z]+=[^,:]*$/, p);
  }
});
