// The parts that differ between the Node and the browser build: the server's stand-ins for node:url
// (file URLs ⇄ paths, as Node spells them) and the client's mapping of virtual-workspace URIs onto
// the file paths the server's index works on.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath as nodeToPath, pathToFileURL as nodeToUrl } from 'node:url';
import { fromVfsPath, vfsPath } from '../../client/src/browserUriMapping';
import { fileURLToPath, pathToFileURL } from '../../server/src/browserUrl';

const PATHS = [
  '/w/a.svcsql',
  '/w/with space/b c.svcsql',
  '/w/ünï/çødé.svcsql',
  '/w/#hash?q/x.svcsql',
  '/svcsql.vfs/vscode-vfs/_github%2Bx/o/r.svcsql',
  '/',
];

describe('browser build: node:url stand-in', () => {
  it('turns paths into the URLs Node makes, and back', () => {
    for (const p of PATHS) {
      assert.equal(pathToFileURL(p).href, nodeToUrl(p).href, p);
      assert.equal(fileURLToPath(nodeToUrl(p).href), nodeToPath(nodeToUrl(p).href), p);
    }
  });

  it('reads the spellings VS Code sends (more characters escaped)', () => {
    assert.equal(fileURLToPath('file:///w/b%20c/%C3%BCn%C3%AF.svcsql'), '/w/b c/ünï.svcsql');
    assert.equal(fileURLToPath('file:///c%3A/x.svcsql'), nodeToPath('file:///c%3A/x.svcsql'));
  });

  it('refuses what Node refuses', () => {
    assert.throws(() => fileURLToPath('https://x/y'));
    assert.throws(() => fileURLToPath('file://host/share/x'));
    assert.throws(() => fileURLToPath('file:///a%2Fb'));
  });
});

describe('browser build: virtual workspace URIs as server paths', () => {
  const cases = [
    { scheme: 'vscode-test-web', authority: 'mount', path: '/flows/orders.svcsql' },
    { scheme: 'vscode-vfs', authority: 'github+7b2276223a317d', path: '/owner/repo/a b.svcsql' },
    { scheme: 'memfs', authority: '', path: '/x.svcsql' },
    { scheme: 'vscode-vfs', authority: 'a/b', path: '/' },
  ];

  it('maps each URI to one path under /svcsql.vfs/ and back unchanged', () => {
    const seen = new Set<string>();
    for (const c of cases) {
      const path = vfsPath(c);
      assert.ok(path.startsWith('/svcsql.vfs/'), path);
      assert.ok(!seen.has(path), `distinct: ${path}`);
      seen.add(path);
      assert.deepEqual(fromVfsPath(path), c);
    }
  });

  it('keeps a file below its folder (the index decides containment on paths)', () => {
    const folder = vfsPath({ scheme: 'vscode-vfs', authority: 'gh', path: '/o/r' });
    const file = vfsPath({ scheme: 'vscode-vfs', authority: 'gh', path: '/o/r/infra/c.svcsql' });
    assert.ok(file.startsWith(`${folder}/`));
    const other = vfsPath({ scheme: 'vscode-vfs', authority: 'gh2', path: '/o/r/infra/c.svcsql' });
    assert.ok(!other.startsWith(`${folder}/`));
  });

  it('leaves other paths alone', () => {
    assert.equal(fromVfsPath('/home/me/a.svcsql'), undefined);
    assert.equal(fromVfsPath('/svcsql.vfs/'), undefined);
    assert.equal(fromVfsPath('/svcsql.vfs/x/noprefix/a'), undefined);
    assert.equal(fromVfsPath('/svcsql.vfs/x/_%E0%A4%A/a'), undefined);
  });
});
