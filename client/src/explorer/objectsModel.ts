// The Service Objects view's data: the kinds the catalog lists (from the server) and, per kind, the
// state of its last SHOW run for the active profile. Loads run through the service client (its
// process-wide rate limiter, cancellation by AbortSignal) and never throw: a failure is a state.
import * as vscode from 'vscode';
import type { Connection, ServiceClient } from '../../../service/src/index';
import type { ObjectKindEntry } from '../../../protocol/src/lspExtensions';
import type { CredentialStore } from '../credentials';
import type { RedactingLog } from '../log';
import { type GroupState, stateFromResult } from './groupState';
import type { ServiceNamesSync } from './serviceNamesSync';

export interface ObjectsModelDeps {
  /** The kinds from the server (`svcsql/objectKinds`). */
  kinds: () => Promise<ObjectKindEntry[]>;
  creds: CredentialStore;
  log: RedactingLog;
  names: ServiceNamesSync;
  /** The extension's one service-client factory (settings.ts): svcsql.run.maxResponseMB holds here too. */
  serviceClient: (connection: Connection) => ServiceClient;
  timeoutMs: () => number;
  /** Takes any stored secret out of a message before the view shows it. */
  redact: (text: string) => string;
}

interface Load {
  ctl: AbortController;
  promise: Promise<GroupState>;
}

export class ObjectsModel implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string | undefined>();
  /** Fires with a kind when one group changed, undefined when all did. */
  readonly onDidChange = this.changed.event;
  private kindsCache: Promise<ObjectKindEntry[]> | undefined;
  private readonly states = new Map<string, GroupState>();
  private readonly loads = new Map<string, Load>();
  /** Bumped by reset(): a load of an earlier connection must not land in the view. */
  private generation = 0;
  /** Profile the shown names were read with, so a reset clears the server's names of it. */
  private profile: string | undefined;

  constructor(private readonly d: ObjectsModelDeps) {}

  dispose(): void {
    for (const l of this.loads.values()) l.ctl.abort();
    this.changed.dispose();
  }

  /** The listable kinds; a failure is not cached, so the next look asks again. */
  kinds(): Promise<ObjectKindEntry[]> {
    this.kindsCache ??= this.d.kinds().then(
      (k) => (Array.isArray(k) ? k : []),
      (err: unknown) => {
        this.kindsCache = undefined;
        throw err;
      },
    );
    return this.kindsCache;
  }

  async kind(kind: string): Promise<ObjectKindEntry | undefined> {
    return (await this.kinds()).find((k) => k.kind === kind);
  }

  state(kind: string): GroupState {
    return this.states.get(kind) ?? { status: 'idle' };
  }

  /** The group's state once loaded: an idle group loads now, a loading one is awaited. */
  async loaded(kind: string): Promise<GroupState> {
    const s = this.state(kind);
    if (s.status === 'idle') return this.load(kind);
    if (s.status === 'loading') return this.loads.get(kind)?.promise ?? s;
    return s;
  }

  /** Reads the kind again (abandoning a read under way) and resolves with the new state. */
  refresh(kind: string): Promise<GroupState> {
    this.loads.get(kind)?.ctl.abort();
    this.loads.delete(kind);
    return this.load(kind);
  }

  /** Reads the kind again if it was read (or is being read); a group never read stays lazy. */
  refreshIfRead(kind: string): void {
    if (this.state(kind).status !== 'idle') void this.refresh(kind);
  }

  /** Reads again every group that was read before; the others stay lazy (read on expand). */
  async refreshAll(): Promise<void> {
    // Also repaints the root: a failed question for the kinds is asked again.
    this.changed.fire(undefined);
    const read = [...this.states.keys()].filter((k) => this.state(k).status !== 'idle');
    await Promise.all(read.map((k) => this.refresh(k)));
  }

  /** Stops a read under way (the service may still answer it; the answer is dropped). */
  cancel(kind: string): void {
    this.loads.get(kind)?.ctl.abort();
  }

  /** Forgets everything read (another profile, signed out, trust changed) and clears the server's names. */
  reset(): void {
    this.generation++;
    for (const l of this.loads.values()) l.ctl.abort();
    this.loads.clear();
    this.states.clear();
    if (this.profile !== undefined) this.d.names.clear(this.profile);
    this.profile = undefined;
    this.changed.fire(undefined);
  }

  private set(kind: string, state: GroupState): void {
    this.states.set(kind, state);
    this.changed.fire(kind);
  }

  private load(kind: string): Promise<GroupState> {
    const existing = this.loads.get(kind);
    if (existing) return existing.promise;
    const ctl = new AbortController();
    const generation = this.generation;
    const promise = this.read(kind, ctl.signal).then((state) => {
      if (generation !== this.generation) return { status: 'idle' } as GroupState;
      if (this.loads.get(kind)?.ctl === ctl) this.loads.delete(kind);
      // A newer read replaced this one: it owns the group now.
      if (this.loads.has(kind)) return state;
      this.set(kind, state);
      if (state.status === 'loaded') {
        this.profile = state.profile;
        this.d.names.publish(state.profile, kind, state.names, state.readAt);
      }
      return state;
    });
    this.loads.set(kind, { ctl, promise });
    this.set(kind, { status: 'loading', startedAt: Date.now() });
    return promise;
  }

  private async read(kind: string, signal: AbortSignal): Promise<GroupState> {
    const started = Date.now();
    try {
      if (!vscode.workspace.isTrusted)
        return {
          status: 'error',
          message: 'Running statements is disabled in Restricted Mode. Trust this workspace to list objects.',
          readAt: started,
        };
      const spec = await this.kind(kind);
      if (!spec) return { status: 'error', message: `The catalog lists no ${kind}.`, readAt: started };
      const profile = this.d.creds.activeProfile();
      const conn = await this.d.creds.resolve(profile);
      if (!conn.ok)
        return {
          status: 'error',
          message: `No usable connection for profile "${profile}": ${conn.problems[0] ?? 'incomplete'}`,
          readAt: Date.now(),
          profile,
        };
      if (signal.aborted) return { status: 'cancelled', readAt: Date.now() };
      this.d.log.info(`Service Objects: ${spec.show} (profile "${profile}")`);
      const result = await this.d.serviceClient(conn.connection).run(spec.show, {
        signal,
        timeoutMs: this.d.timeoutMs(),
      });
      const read = stateFromResult(result, profile, Date.now());
      const state = read.status === 'error' ? { ...read, message: this.d.redact(read.message) } : read;
      if (state.status === 'loaded')
        this.d.log.info(
          `Service Objects: ${spec.show} → ${state.names.length} ${spec.plural}${state.skipped ? ` (${state.skipped} entries without a usable name)` : ''}`,
        );
      else if (state.status === 'unreadable') this.d.log.warn(`Service Objects: ${spec.show}: ${state.problem}`);
      else if (state.status === 'error') this.d.log.error(`Service Objects: ${spec.show}: ${state.message}`);
      return state;
    } catch (err) {
      // The service client never throws; the language server or the settings may.
      const message = err instanceof Error ? err.message : String(err);
      this.d.log.error(`Service Objects: reading the ${kind} objects failed: ${message}`);
      return { status: 'error', message: this.d.redact(message), readAt: Date.now() };
    }
  }
}
