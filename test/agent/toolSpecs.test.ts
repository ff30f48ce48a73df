// The tools are declared once (agent/src/toolSpecs.ts): package.json's languageModelTools and the
// catalog's object kinds must say the same, or VS Code and the MCP server would offer different tools.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DESCRIBABLE_KINDS, LISTABLE_KINDS, TOOL_SPECS, vscodeToolName } from '../../agent/src/toolSpecs';
import { listableKinds, objectKinds, statementDescribing } from '../../core/src/catalog/index';

const ROOT = join(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  activationEvents: string[];
  contributes: {
    languageModelTools: { name: string; displayName: string; modelDescription: string; inputSchema: unknown; tags: string[] }[];
  };
};

test('package.json declares every tool with the description and schema of agent/src/toolSpecs.ts', () => {
  const declared = pkg.contributes.languageModelTools;
  assert.deepEqual(
    declared.map((t) => t.name),
    TOOL_SPECS.map((t) => vscodeToolName(t.name)),
  );
  for (const spec of TOOL_SPECS) {
    const t = declared.find((d) => d.name === vscodeToolName(spec.name))!;
    assert.equal(t.modelDescription, spec.description, spec.name);
    assert.equal(t.displayName, spec.title, spec.name);
    assert.deepEqual(t.inputSchema, spec.inputSchema, spec.name);
    assert.ok(t.tags.includes(spec.readOnly ? 'read-only' : 'changes-data'), spec.name);
    assert.ok(pkg.activationEvents.includes(`onLanguageModelTool:${t.name}`), `${t.name} activates the extension`);
  }
});

test("the kinds the tools accept are the catalog's", () => {
  assert.deepEqual(
    LISTABLE_KINDS,
    listableKinds().map((k) => k.kind),
  );
  assert.deepEqual(
    DESCRIBABLE_KINDS,
    listableKinds()
      .filter((k) => statementDescribing(k.kind))
      .map((k) => k.kind),
  );
  const findKinds = TOOL_SPECS.find((t) => t.name === 'find_definitions')!.inputSchema.properties.kind!.enum;
  assert.deepEqual(
    findKinds,
    objectKinds.map((k) => k.kind),
  );
});
