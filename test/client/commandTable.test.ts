import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND_IDS } from '../../client/src/commands/commandTable';

// The table's ids are the manifest's: a contributed command without a handler, or a handler for a
// command the manifest does not declare, fails here (and extension.ts does not compile without each).
test('the command table names exactly the contributed commands', () => {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
    contributes: { commands: { command: string }[]; menus: Record<string, { command?: string }[]>; keybindings: { command: string }[] };
  };
  const contributed = manifest.contributes.commands.map((c) => c.command);
  assert.deepEqual([...COMMAND_IDS].sort(), [...contributed].sort());
  assert.equal(new Set(COMMAND_IDS).size, COMMAND_IDS.length, 'an id listed twice');
  // Menus and keybindings name only commands of the table (or VS Code's own, which are not svcsql.*).
  const used = [...Object.values(manifest.contributes.menus).flat(), ...manifest.contributes.keybindings]
    .map((m) => m.command)
    .filter((c): c is string => !!c?.startsWith('svcsql.'));
  for (const c of used) assert.ok((COMMAND_IDS as readonly string[]).includes(c), `${c} is in a menu but not in the table`);
});

test('Cancel Run is in the palette only while this window polls a run', () => {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
    contributes: { menus: { commandPalette: { command: string; when?: string }[] } };
  };
  const entry = manifest.contributes.menus.commandPalette.find((m) => m.command === 'svcsql.requests.cancel');
  assert.equal(entry?.when, 'svcsql.running');
});
