// Switch Profile and Sign Out / Clear Credentials, run as the real commands. Their quick picks are
// driven the way the keyboard does it (workbench.action.quickOpenSelectNext / accept); the offer
// to configure after signing out is a notification, accepted with notification.acceptPrimaryAction.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import {
  DEMO,
  emulatorStats,
  emulatorSuite,
  emulatorUrl,
  findLogFile,
  type HistoryEntry,
  pickInQuickPick,
  positionOf,
  runOf,
  settlesWithin,
  userSetting,
  waitFor,
  within,
} from '../host/helpers';

const A = 'e2e-profile-a';
const B = 'e2e-profile-b';

type Profiles = Record<string, Record<string, string>>;
const sortedProfiles = (): string[] => Object.keys(userSetting<Profiles>('profiles') ?? {}).sort();

describe('Profiles: switch and sign out', function () {
  this.timeout(45_000);
  const suite = emulatorSuite('requests.svcsql');
  beforeEach(async () => {
    // Both profiles complete, A active (storing makes a profile active).
    await suite.api.storeCredentials(B, { baseUrl: emulatorUrl()!, ...DEMO });
    await suite.api.storeCredentials(A, { baseUrl: emulatorUrl()!, ...DEMO });
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('notifications.clearAll');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  const runShow = async (): Promise<HistoryEntry | undefined> =>
    (await within(20_000, 'a run', runOf(suite, 'SHOW CLUSTERS'))) as HistoryEntry | undefined;

  it('Switch Profile: the profile picked becomes active and the next run uses it', async () => {
    assert.equal(userSetting('activeProfile'), A);
    const index = sortedProfiles().indexOf(B);
    assert.ok(index >= 0, 'B is listed');
    const done = vscode.commands.executeCommand('svcsql.switchProfile');
    await pickInQuickPick(index);
    await within(10_000, 'Switch Profile to finish', done);
    assert.equal(userSetting('activeProfile'), B, 'B is the active profile (user settings)');
    assert.ok(await suite.api.getConnection(), 'the active connection is complete');

    const e = await runShow();
    assert.equal(e?.profile, B, 'the run went out with profile B');
    assert.equal(e?.state, 'success');
  });

  it('Sign Out: the key and secret are gone, the identifiers stay, other profiles keep theirs', async () => {
    assert.ok(await suite.api.getConnection(A), 'A is complete before');
    const done = vscode.commands.executeCommand('svcsql.signOut');
    await pickInQuickPick(0); // Sign out of "A"
    await within(10_000, 'Sign Out to finish', done);
    assert.equal(await suite.api.getConnection(A), undefined, 'A has no usable connection: its key and secret left SecretStorage');
    assert.equal(await suite.api.getConnection(), undefined, 'nor does the active profile (A)');
    assert.equal(userSetting<Profiles>('profiles')?.[A]?.accountUid, DEMO.accountUid, 'its identifiers stay in user settings');
    assert.equal(userSetting('activeProfile'), A, 'A stays active');
    assert.ok(await suite.api.getConnection(B), 'B keeps its key and secret');
  });

  it('after Sign Out a run offers to configure instead of failing', async () => {
    let done = vscode.commands.executeCommand('svcsql.signOut');
    await pickInQuickPick(0);
    await within(10_000, 'Sign Out to finish', done);
    await vscode.commands.executeCommand('notifications.clearAll');

    // Through the API (never waits on UI): nothing is sent, nothing lands in the history.
    const count = (await suite.api.history.list()).length;
    const submits = (await emulatorStats()).submits;
    assert.equal(await runShow(), undefined, 'no run');
    assert.equal((await suite.api.history.list()).length, count, 'no failed entry in the history');
    assert.equal((await emulatorStats()).submits, submits, 'nothing was submitted');
    const logFile = findLogFile('Service SQL.log');
    if (logFile)
      await waitFor(5_000, 'the output to name the missing connection', () =>
        fs.readFileSync(logFile, 'utf8').includes(`No usable connection for profile "${A}"`) ? true : undefined,
      );

    // Run Statement (as from a code lens): it waits on the offer; accepting it opens Configure
    // Connection's input boxes; leaving them ends the run command with nothing sent.
    await vscode.commands.executeCommand('notifications.clearAll');
    done = vscode.commands.executeCommand('svcsql.runStatement', suite.doc.uri, positionOf(suite.doc, 'SHOW CLUSTERS', 1));
    assert.equal(await settlesWithin(1_500, done), false, 'Run Statement waits on the offer to configure');
    await vscode.commands.executeCommand('notification.acceptPrimaryAction'); // "Configure Connection"
    assert.equal(await settlesWithin(1_000, done), false, 'accepted: it now waits in Configure Connection');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    const runs = await within(5_000, 'Run Statement to end once the input box is closed', done);
    assert.deepEqual(runs, [], 'no run');
    assert.equal((await emulatorStats()).submits, submits, 'still nothing submitted');
    assert.equal((await suite.api.history.list()).length, count);
    assert.equal(await suite.api.getConnection(A), undefined, 'leaving Configure Connection stored nothing');
  });

  it('Delete profile: its settings entry goes too', async () => {
    const done = vscode.commands.executeCommand('svcsql.signOut');
    await pickInQuickPick(1); // Delete profile "A"
    await within(10_000, 'Sign Out to finish', done);
    assert.equal(userSetting<Profiles>('profiles')?.[A], undefined, 'A is no longer in the profiles setting');
    assert.equal(await suite.api.getConnection(A), undefined);
    assert.ok(userSetting<Profiles>('profiles')?.[B], 'B stays');
  });

  it('Sign out of all profiles: no profile keeps a key or secret, all keep their identifiers', async () => {
    const done = vscode.commands.executeCommand('svcsql.signOut');
    await pickInQuickPick(2); // Sign out of all profiles
    await within(10_000, 'Sign Out to finish', done);
    for (const name of sortedProfiles()) assert.equal(await suite.api.getConnection(name), undefined, `${name} is signed out`);
    assert.equal(userSetting<Profiles>('profiles')?.[A]?.accountUid, DEMO.accountUid);
    assert.equal(userSetting<Profiles>('profiles')?.[B]?.accountUid, DEMO.accountUid);
  });
});
