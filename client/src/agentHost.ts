// What the language model tools get from VS Code (agent/src/agentTools.ts's AgentHost): the
// workspace's .svcsql files (an open editor's text wins over the disk), the active profile's
// connection from SecretStorage, workspace trust, and the extension's redactor.
import * as vscode from 'vscode';
import type { AgentHost, RunOutcome, Submitter, WorkspaceText } from '../../agent/src/agentTools';
import { fileSizeProblem, isSvcsqlName, textSizeProblem } from '../../agent/src/readableFiles';
import type { CredentialStore } from './credentials';
import { isRunning, type HistoryEntry, type HistoryModel } from './history';
import type { Redactor } from './redact';
import { blockedMessage, serviceAccessible } from './serviceAccess';
import { createServiceClient } from './settings';
import type { Runner } from './runner';
import { workspaceSvcsqlFiles } from './agentWorkspaceFiles';

export const RESTRICTED_MODE =
  'Statements cannot be sent to the service in Restricted Mode: the user must trust this workspace first (Manage Workspace Trust).';

/** The most files find_definitions reads from disk (the language server's index has its own limits). */
const MAX_FILES = 5000;

export interface AgentHostDeps {
  creds: CredentialStore;
  redactor: Redactor;
  userAgent: string;
  runner: Runner;
  history: HistoryModel;
}

function outcomeOf(e: HistoryEntry): RunOutcome {
  return {
    state: e.state,
    ...(e.requestId ? { requestId: e.requestId } : {}),
    ...(e.apiStatus !== undefined ? { apiStatus: e.apiStatus } : {}),
    ...(e.apiResponse !== undefined ? { apiResponse: e.apiResponse } : {}),
    ...(e.error ? { error: e.error } : {}),
  };
}

/**
 * run_statement through the extension's runner: the run is in the Requests view (and its results
 * panel) like one started from a file. The tool answers after runWaitMs at the latest; the run goes on
 * in the view, and the answer carries its request id.
 */
function runnerSubmitter(d: AgentHostDeps): Submitter {
  return async (access, s, o) => {
    const r = await d.creds.resolve(access.profile);
    if (!r.ok) return { state: 'error', error: { kind: 'config', message: r.problems.join(' ') } };
    const done = d.runner.runOne(
      access.profile,
      r.connection,
      { text: s.text, title: s.title, displayText: s.shown, secretValues: s.secrets },
      false,
    );
    // runOne adds its history entry before it first waits: the newest entry is this run.
    const id = d.history.list()[0]?.id;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), o.runWaitMs);
      o.signal?.addEventListener('abort', () => resolve(undefined), { once: true });
    });
    try {
      const entry = await Promise.race([done, waited]);
      if (entry) return outcomeOf(entry);
      const now = id ? d.history.get(id) : undefined;
      return now ? { ...outcomeOf(now), state: isRunning(now.state) ? 'timed-out' : now.state } : { state: 'timed-out' };
    } finally {
      clearTimeout(timer);
    }
  };
}

function label(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(
    uri,
    vscode.workspace.workspaceFolders !== undefined && vscode.workspace.workspaceFolders.length > 1,
  );
}

/** A uri the agent named: a URI with a scheme, or a path relative to the (first) workspace folder. */
function uriOf(written: string): vscode.Uri | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(written) && !/^[A-Za-z]:[\\/]/.test(written)) return vscode.Uri.parse(written, true);
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (written.startsWith('/')) return vscode.Uri.file(written);
  return folder ? vscode.Uri.joinPath(folder.uri, written) : undefined;
}

async function textOf(uri: vscode.Uri): Promise<string | { problem: string }> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return withinSize(open.getText());
  const info = await vscode.workspace.fs.stat(uri).then(
    (s) => s,
    () => undefined,
  );
  if (!info) return { problem: 'no such file.' };
  const large = fileSizeProblem(info.size);
  if (large) return { problem: large };
  return withinSize(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
}

/** The text, or why the tools do not take one so long. */
function withinSize(text: string): string | { problem: string } {
  const long = textSizeProblem(text.length);
  return long ? { problem: long } : text;
}

export function vscodeAgentHost(d: AgentHostDeps): AgentHost {
  return {
    async readFile(written) {
      let uri: vscode.Uri | undefined;
      try {
        uri = uriOf(written);
      } catch {
        uri = undefined;
      }
      if (!uri) return { problem: `${written.slice(0, 200)} is not a workspace path or URI (no folder is open: give a URI).` };
      const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString());
      if (!open && !vscode.workspace.getWorkspaceFolder(uri))
        return { problem: `${written.slice(0, 200)} is outside the workspace; only its files and open editors can be read.` };
      if (!(open?.languageId === 'svcsql' || isSvcsqlName(uri.path)))
        return { problem: `${label(uri)} is not a Service SQL (.svcsql) file.` };
      const text = await textOf(uri);
      if (typeof text !== 'string') return { problem: `${label(uri)} cannot be read: ${text.problem}` };
      return { label: label(uri), text };
    },
    async *workspaceFiles(): AsyncIterable<WorkspaceText> {
      const seen = new Set<string>();
      for (const doc of vscode.workspace.textDocuments) {
        if (doc.languageId !== 'svcsql') continue;
        // One copy of the document's text, measured and handed over.
        const text = withinSize(doc.getText());
        if (typeof text !== 'string') continue;
        seen.add(doc.uri.toString());
        yield { label: label(doc.uri), text };
      }
      // Open documents (above) count wherever they are, as in the language server's index; the others
      // by the workspace file rule (svcsql.index.excludeFolders, .gitignore).
      const files = await workspaceSvcsqlFiles(MAX_FILES);
      for (const uri of files) {
        if (seen.has(uri.toString())) continue;
        const text = await textOf(uri).catch(() => undefined);
        if (typeof text === 'string') yield { label: label(uri), text };
      }
    },
    async service() {
      if (!vscode.workspace.isTrusted) return { problem: RESTRICTED_MODE };
      const profile = d.creds.activeProfile();
      const r = await d.creds.resolve(profile);
      if (!r.ok)
        return {
          problem: `No usable connection for profile "${profile}": ${r.problems.join(' ')} The user sets it up with the command Service SQL: Configure Connection.`,
        };
      // In the browser, a service without CORS headers cannot be called: say so instead of a network error.
      if (!(await serviceAccessible(r.connection, false))) return { problem: blockedMessage(r.connection.baseUrl) };
      return { client: createServiceClient(r.connection, d.userAgent), profile };
    },
    runRefusal: () => (vscode.workspace.isTrusted ? undefined : RESTRICTED_MODE),
    submit: runnerSubmitter(d),
    redact: (text) => d.redactor.text(text),
  };
}
