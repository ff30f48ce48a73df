// The walkthrough and the settings sections of package.json point at things that exist: every
// command a step links to, every completion event's command, setting, context key or view, every
// media file; and every setting sits in exactly one titled section.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { DEMO_CREDENTIALS } from '../../emulator/src/options';
import { manifestSettings, readManifest, ROOT, type ConfigurationSection } from './manifest';

const manifest = readManifest();
const settings = manifestSettings(manifest);
const commands = new Set(manifest.contributes.commands.map((c) => c.command));
const views = new Set(Object.values(manifest.contributes.views).flatMap((vs) => vs.map((v) => v.id)));
/** VS Code's own commands a step may link to. */
const BUILTIN_COMMANDS = new Set(['workbench.action.files.newUntitledFile']);
const walkthroughs = manifest.contributes.walkthroughs ?? [];
const steps = walkthroughs.flatMap((w) => w.steps);

/** `command:id?args` links of a step's description or markdown. */
function commandLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(command:([\w.-]+)(?:\?[^)]*)?\)/g)].map((m) => m[1]!);
}

/** A command a link may run: contributed, a contributed view's `.focus`, or one of VS Code's. */
function commandExists(id: string): boolean {
  return commands.has(id) || BUILTIN_COMMANDS.has(id) || (id.endsWith('.focus') && views.has(id.slice(0, -'.focus'.length)));
}

/** The context keys the extension sets: a constant or literal that a client file passes to setContext. */
function contextKeySet(key: string): boolean {
  const files = readdirSync(join(ROOT, 'client', 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  return files.some((f) => {
    const text = readFileSync(join(ROOT, 'client', 'src', f), 'utf8');
    return text.includes(`'${key}'`) && text.includes("'setContext'");
  });
}

test('the walkthrough: connection profile, secret, first run, results, each step with media', () => {
  assert.equal(walkthroughs.length, 1);
  assert.deepEqual(
    steps.map((s) => s.id),
    ['svcsql.addProfile', 'svcsql.storeSecret', 'svcsql.runStatement', 'svcsql.openResults'],
  );
  for (const s of steps) {
    assert.ok(s.title && s.description, s.id);
    assert.ok((s.completionEvents ?? []).length > 0, `${s.id} has completion events`);
    assert.ok(commandLinks(s.description).length > 0, `${s.id} has a button`);
  }
});

test('every command a walkthrough step links to exists', () => {
  const links = steps.flatMap((s) => {
    const md = s.media.markdown ? readFileSync(join(ROOT, s.media.markdown), 'utf8') : '';
    return [...commandLinks(s.description), ...commandLinks(md)].map((id) => ({ step: s.id, id }));
  });
  assert.ok(links.some((l) => l.id === 'svcsql.configureConnection'));
  assert.deepEqual(
    links.filter((l) => !commandExists(l.id)),
    [],
    'linked commands missing from contributes.commands',
  );
});

test('every completion event names a real command, setting, context key or view', () => {
  const checks: Record<string, (arg: string) => boolean> = {
    onCommand: (id) => commands.has(id),
    onSettingChanged: (id) => id in settings,
    onContext: contextKeySet,
    onView: (id) => views.has(id),
  };
  for (const s of steps)
    for (const event of s.completionEvents ?? []) {
      const [kind, arg] = [event.slice(0, event.indexOf(':')), event.slice(event.indexOf(':') + 1)];
      const check = checks[kind];
      assert.ok(check, `${s.id}: ${event}: an event kind this test knows`);
      assert.ok(check(arg), `${s.id}: ${event} refers to nothing the extension contributes or sets`);
    }
  // The check itself can fail: a typo is caught.
  assert.equal(checks.onContext!('svcsql.hasCredential'), false);
  assert.equal(checks.onSettingChanged!('svcsql.profile'), false);
});

test('walkthrough media exist under media/ (the only folder the .vsix ships), images they show included', () => {
  for (const s of steps) {
    const files = [s.media.markdown, s.media.image].filter((f): f is string => f !== undefined);
    assert.ok(files.length > 0, s.id);
    for (const file of files) {
      assert.ok(file.startsWith('media/') && existsSync(join(ROOT, file)), `${s.id}: ${file}`);
      if (!file.endsWith('.md')) continue;
      for (const [, src] of readFileSync(join(ROOT, file), 'utf8').matchAll(/!\[[^\]]+\]\(([^)]+)\)/g)) {
        const image = join(ROOT, dirname(file), src!);
        assert.ok(existsSync(image) && !relative(join(ROOT, 'media'), image).startsWith('..'), `${file}: ${src}`);
      }
    }
  }
});

test("the profile step's emulator values are the emulator's demo connection", () => {
  const md = readFileSync(join(ROOT, 'media', 'walkthrough', 'profile.md'), 'utf8');
  const secret = readFileSync(join(ROOT, 'media', 'walkthrough', 'secret.md'), 'utf8');
  for (const field of ['accountUid', 'projectUid', 'linkUid', 'region', 'userUuid'] as const)
    assert.ok(md.includes(`\`${DEMO_CREDENTIALS[field]}\``), `${field}: ${DEMO_CREDENTIALS[field]}`);
  assert.ok(secret.includes(`\`${DEMO_CREDENTIALS.apiKey}\``) && secret.includes(`\`${DEMO_CREDENTIALS.apiSecret}\``));
});

/** Which titled section a setting belongs in, by the first word of its id (none: the connection's). */
const SECTION_OF: Record<string, string> = {
  '': 'Connection',
  run: 'Run',
  history: 'Run',
  results: 'Run',
  diagnostics: 'Diagnostics',
  index: 'Workspace Index',
  format: 'Formatting',
  notebook: 'Notebooks',
  trace: 'Language Server',
};

test('settings sit in titled sections, each setting in exactly one, in the section its id names', () => {
  const sections = manifest.contributes.configuration as ConfigurationSection[];
  assert.ok(Array.isArray(sections), 'contributes.configuration is an array of titled sections');
  assert.equal(new Set(sections.map((s) => s.title)).size, sections.length, 'titles are distinct');
  assert.equal(new Set(sections.map((s) => s.order)).size, sections.length, 'orders are distinct');
  const seen = new Map<string, string>();
  for (const s of sections) {
    assert.ok(s.title, 'every section has a title');
    const ids = Object.keys(s.properties ?? {});
    assert.ok(ids.length > 0, `${s.title} holds settings`);
    for (const id of ids) {
      assert.ok(!seen.has(id), `${id} is in ${seen.get(id)} and ${s.title}`);
      seen.set(id, s.title);
      const rest = id.replace(/^svcsql\./, '');
      const word = rest.includes('.') ? rest.slice(0, rest.indexOf('.')) : '';
      if (word in SECTION_OF) assert.equal(s.title, SECTION_OF[word], id);
    }
  }
  for (const id of ['svcsql.activeProfile', 'svcsql.profiles', 'svcsql.headerPrefix', 'svcsql.run.timeoutMinutes', 'svcsql.trace.server'])
    assert.ok(seen.has(id), id);
});

test('virtual and untrusted workspaces are declared, saying what works', () => {
  const { virtualWorkspaces, untrustedWorkspaces } = (manifest.capabilities ?? {}) as Record<
    string,
    { supported?: unknown; description?: string; restrictedConfigurations?: string[] }
  >;
  assert.equal(virtualWorkspaces?.supported, true);
  assert.match(virtualWorkspaces?.description ?? '', /Run Statement/);
  assert.equal(untrustedWorkspaces?.supported, 'limited');
  for (const id of untrustedWorkspaces?.restrictedConfigurations ?? []) assert.ok(id in settings, `restricted setting ${id} exists`);
});
