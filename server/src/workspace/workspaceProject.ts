// The workspace as one project, on the server's side: which files make up the index (every
// .svcsql file of the workspace folders, open documents' text over their disk text), indexed at
// start-up with work-done progress (read and analysed in worker threads in the Node build, in slices
// of this thread in the browser build: an IndexPool), and kept current from file-watch notifications,
// document edits and folder changes.
import { readFile, realpath, stat } from '../host/fs';
import { basename, relative, sep } from '../host/path';
import { fileURLToPath } from '../host/url';
import type {
  Connection,
  FileEvent,
  InitializeParams,
  ServerCapabilities,
  WorkDoneProgressServerReporter,
  WorkspaceFolder,
} from 'vscode-languageserver/node';
import { DidChangeWatchedFilesNotification, FileChangeType, WatchKind } from '../lsp/lspValues';
import {
  objectsOfDocument,
  unresolvedReferenceDiagnostics,
  WorkspaceIndex,
  type CoreDiagnostic,
  type NameAnswer,
  type NameQuery,
  type NameSource,
  type ObjectKind,
  type SvcSqlDocument,
  type WorkspaceFileRules,
} from '../../../core/src/index';
import { idOfUri, isWithin, labelOf, uriOfId, type Folder } from './filePaths';
import { isSvcsql, walkFolder } from './folderWalk';
import { anyUnresolvedReferences, unresolvedReferencesFor } from '../../../protocol/src/workspaceSettings';
import { DEFAULT_SETTINGS, type WorkspaceSettings } from './settings';
import { textHash } from './textHash';
import { WorkspaceNames } from './workspaceNames';
import { createIndexPool } from '../host/indexWorkers';
import { indexText, type IndexedRead, type IndexPool } from './inThreadIndexing';
import { PathFeed } from './pathFeed';

const unresolvedOf = (s: WorkspaceSettings) => [s.unresolvedReferences, s.unresolvedReferencesByFolder];

/** What the project needs of the rest of the server. */
export interface ProjectHost {
  document(uri: string): SvcSqlDocument | undefined;
  openUris(): Iterable<string>;
  /** Diagnostics of an open document are to be published again (its unresolved references changed). */
  republish(uri: string): void;
}

/** A huge tree stops the walk here: the index stays bounded. */
const MAX_FILES = 20_000;
const yieldToEventLoop = () => new Promise<void>((r) => setImmediate(r));
/** Edited open documents up to this many characters in all are read again for each completion (a few ms). */
const FRESH_NOW_CHARS = 32 * 1024;
/** Larger ones once completion has paused this long. */
const FRESH_AFTER_MS = 300;

/** One indexing of the workspace: how far it is, its progress once the client shows it. */
interface IndexRun {
  done: number;
  total: number;
  finished: Promise<void>;
  /** Settles once the folders are walked and the files handed to the pool (or the run ended before). */
  walked: Promise<void>;
  progress?: WorkDoneProgressServerReporter;
}

interface FileRead extends IndexedRead {
  /** The read's sequence number: an older read that finishes later is dropped. */
  seq: number;
  text?: string;
}

export class WorkspaceProject {
  readonly index = new WorkspaceIndex();
  private folders: Folder[] = [];
  private roots: string[] = [];
  /** Per folder path, the rules of its last walk (with its .gitignore files), for file events. */
  private rules = new Map<string, WorkspaceFileRules>();
  private settings: WorkspaceSettings = DEFAULT_SETTINGS;
  /** Open documents by file id, with their URI as the client spells it. */
  private readonly open = new Map<string, string>();
  /** Open documents edited since their objects were last read. */
  private readonly stale = new Set<string>();
  /** Times an open document's objects were read from the document (svcsql/stats, for the tests). */
  documentsIndexed = 0;
  /** Open documents not edited since they were opened. */
  private readonly unedited = new Set<string>();
  /** textHash of the disk text of each file whose index entry was read from disk. */
  private readonly diskHashes = new Map<string, string>();
  /** Latest read of each file: an older read that finishes later is dropped. */
  private readonly reads = new Map<string, number>();
  private readCount = 0;
  private generation = 0;
  private ready = false;
  private watchers = false;
  private folderEvents = false;
  private progressSupported = false;
  /** `initialized` has come: the client may be sent requests (work-done progress). */
  private started = false;
  /** The indexing under way or last done, and how far it is, for its progress. */
  private run: IndexRun | undefined;
  private indexingNow = false;

  constructor(
    private readonly connection: Connection,
    private readonly host: ProjectHost,
  ) {}

  initialize(params: InitializeParams, settings: WorkspaceSettings): void {
    this.settings = settings;
    this.watchers = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    this.folderEvents = params.capabilities.workspace?.workspaceFolders === true;
    this.progressSupported = params.capabilities.window?.workDoneProgress === true;
    const folders: WorkspaceFolder[] =
      params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: basename(idOfUri(params.rootUri)) }] : []);
    this.setFolders(folders);
    // The walk and the reads start now, while the client handles the answer and sends `initialized`:
    // its progress is shown from then on (start).
    this.reindex();
  }

  readonly capabilities: ServerCapabilities = {
    definitionProvider: true,
    referencesProvider: true,
    renameProvider: { prepareProvider: true },
    documentHighlightProvider: true,
    workspaceSymbolProvider: true,
    workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
  };

  private setFolders(folders: readonly WorkspaceFolder[]): void {
    this.folders = folders.filter((f) => f.uri.startsWith('file:')).map((f) => ({ path: fileURLToPath(f.uri), name: f.name }));
  }

  /** After `initialized`: watch files, follow folder changes, show the indexing begun at initialize. */
  start(): void {
    this.started = true;
    if (this.watchers) {
      void this.connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: [
            { globPattern: '**/*.svcsql' },
            // Which files are the workspace follows .gitignore files (core/src/workspace/workspaceFiles.ts).
            { globPattern: '**/.gitignore' },
            // A folder deleted, moved or created reports the folder alone: its files follow from it.
            { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
          ],
        })
        .catch(() => undefined);
    }
    if (this.folderEvents) {
      this.connection.workspace.onDidChangeWorkspaceFolders((e) => {
        const removed = new Set(e.removed.map((f) => idOfUri(f.uri)));
        const kept = this.folders.filter((f) => !removed.has(f.path));
        this.setFolders([...kept.map((f) => ({ uri: uriOfId(f.path), name: f.name })), ...e.added]);
        this.reindex();
      });
    }
    if (this.run) void this.showProgress(this.run);
    else this.reindex();
  }

  configure(settings: WorkspaceSettings | undefined): void {
    if (!settings) return;
    const before = this.settings;
    this.settings = settings;
    const files =
      before.maxFileSizeKB !== settings.maxFileSizeKB || before.excludeFolders.join('\u0000') !== settings.excludeFolders.join('\u0000');
    if (files) this.reindex();
    else if (JSON.stringify(unresolvedOf(before)) !== JSON.stringify(unresolvedOf(settings))) this.republishAll();
  }

  // ---- open documents ----------------------------------------------------------------------

  opened(uri: string): void {
    const id = idOfUri(uri);
    this.open.set(id, uri);
    this.stale.add(id);
    this.unedited.add(id);
  }

  changed(uri: string): void {
    const id = idOfUri(uri);
    this.stale.add(id);
    this.unedited.delete(id);
  }

  closed(uri: string): void {
    const id = idOfUri(uri);
    this.open.delete(id);
    this.stale.delete(id);
    this.unedited.delete(id);
    // Its disk text counts again (unsaved edits are gone), if it is a file of the workspace.
    if (this.inWorkspace(id)) void this.readFiles([id]);
    else if (this.removeEntry(id)) this.definitionsChanged();
  }

  /** Brings the objects of edited open documents up to date (before any answer that reads the index). */
  fresh(): void {
    if (this.stale.size === 0) return;
    let changed = false;
    for (const id of [...this.stale]) {
      this.stale.delete(id);
      const uri = this.open.get(id);
      const doc = uri ? this.host.document(uri) : undefined;
      if (!doc) continue;
      this.reads.set(id, ++this.readCount); // a disk read in flight is older than this text
      const disk = this.diskHashes.get(id);
      this.diskHashes.delete(id);
      // Opened as it is on disk and not edited since: the objects read from disk are the document's.
      if (this.unedited.has(id) && disk !== undefined && this.index.file(id) && disk === textHash(doc.text)) continue;
      this.documentsIndexed++;
      if (this.index.setFile(id, labelOf(id, this.folders), objectsOfDocument(doc))) changed = true;
    }
    if (changed) this.definitionsChanged();
  }

  // ---- ids, URIs, labels -------------------------------------------------------------------

  idOf(uri: string): string {
    return idOfUri(uri);
  }

  uriOf(id: string): string {
    return this.open.get(id) ?? uriOfId(id);
  }

  private inWorkspace(id: string): boolean {
    return !this.isExcluded(id);
  }

  /** Not a workspace file by the rule the walk applies (core/src/workspace/workspaceFiles.ts), or a folder the walk does not enter. */
  private isExcluded(path: string, isFolder = false): boolean {
    const folder = this.folders.find((f) => isWithin(f.path, path));
    if (!folder) return true;
    const rel = relative(folder.path, path).split(sep).join('/');
    if (rel === '') return false;
    const rules = this.rules.get(folder.path);
    if (!rules) return rel.split('/').some((p) => this.settings.excludeFolders.includes(p));
    if (isFolder) {
      const parts = rel.split('/');
      return parts.some((_, i) => !rules.entersFolder(parts.slice(0, i + 1).join('/')));
    }
    return !rules.isWorkspaceFile(rel);
  }

  // ---- indexing ----------------------------------------------------------------------------

  private reindex(): void {
    const generation = ++this.generation;
    this.ready = false;
    this.workspaceNames.invalidate(); // labels may change with the folders
    let walked = () => undefined as void;
    const run: IndexRun = { done: 0, total: 0, finished: Promise.resolve(), walked: new Promise<void>((r) => (walked = r)) };
    this.run = run;
    // Started before `initialized` (at initialize), the indexing waits for no progress round trip;
    // a later one shows its progress from the start, as before.
    const progress = this.started ? this.showProgress(run) : Promise.resolve();
    this.indexingNow = true;
    run.finished = this.indexAll(generation, run, progress, walked)
      .catch((e: unknown) => {
        this.connection.console.error(`svcsql: indexing failed: ${e instanceof Error ? e.message : String(e)}`);
      })
      .finally(() => {
        walked();
        if (this.run === run) this.indexingNow = false;
      });
  }

  /**
   * Settles once the indexing under way has walked the folders and handed their files to the index
   * workers (at once when there is none): work that would hold up the walk (the parser's warm-up)
   * waits for it, and runs while the workers read the files.
   */
  whenWalked(): Promise<void> {
    return this.run?.walked ?? Promise.resolve();
  }

  /** Whether an indexing of the workspace is under way. */
  get indexing(): boolean {
    return this.indexingNow;
  }

  /** Work-done progress for a run: begun once the client has made it, ended when the run ends. */
  private async showProgress(run: IndexRun): Promise<void> {
    if (!this.progressSupported) return;
    const progress = await this.connection.window.createWorkDoneProgress().catch(() => undefined);
    if (!progress) return;
    progress.begin('Indexing .svcsql files', 0, run.total ? `${run.done}/${run.total} files` : 'looking for files', false);
    run.progress = progress;
    void run.finished.finally(() => {
      run.progress = undefined;
      progress.done();
    });
  }

  private async indexAll(generation: number, run: IndexRun, progressShown: Promise<void>, walked: () => void): Promise<void> {
    // The pool's threads start while the folders are walked.
    const pool = createIndexPool();
    try {
      // A reindex after `initialized` shows its progress before it starts, as a client expects.
      await progressShown;
      await this.indexWith(pool, generation, run, walked);
    } finally {
      pool.close();
    }
  }

  private async indexWith(pool: IndexPool, generation: number, run: IndexRun, walked: () => void): Promise<void> {
    // Let the messages already queued (didOpen of the open files) go first.
    await yieldToEventLoop();
    this.roots = (await Promise.all(this.folders.map((f) => realpath(f.path).catch(() => undefined)))).filter((r): r is string => !!r);
    const found: string[] = [];
    const seen = new Set<string>();
    const rules = new Map<string, WorkspaceFileRules>();
    // Each file's read is numbered as the walk finds it: a read that starts later (a file event) wins over it.
    const seqs = new Map<string, number>();
    const feed = new PathFeed();
    const take = (files: readonly string[]) => {
      const todo: string[] = [];
      for (const file of files) {
        // A folder inside another workspace folder: its files once.
        if (seen.has(file)) continue;
        seen.add(file);
        found.push(file);
        if (this.open.has(file)) continue;
        const seq = ++this.readCount;
        seqs.set(file, seq);
        this.reads.set(file, seq);
        todo.push(file);
      }
      feed.add(todo);
    };
    let skipped = 0;
    let lastReport = 0;
    // The pool reads the first folders' files while the walk lists the next.
    const done = pool.run(
      feed,
      this.settings.maxFileSizeKB * 1024,
      (read) => {
        if (read.tooLarge) skipped++;
        this.apply({ ...read, seq: seqs.get(read.path)! });
        run.done++;
        if (run.progress && run.total && performance.now() - lastReport > 100) {
          lastReport = performance.now();
          run.progress.report(Math.floor((100 * run.done) / run.total), `${run.done}/${run.total} files`);
        }
      },
      () => generation !== this.generation,
    );
    try {
      for (const f of this.folders) {
        const walked = await walkFolder(f.path, this.settings.excludeFolders, MAX_FILES - found.length, take);
        rules.set(f.path, walked.rules);
        if (walked.truncated || generation !== this.generation) break;
      }
    } finally {
      feed.end();
    }
    if (generation !== this.generation) return;
    this.rules = rules;
    if (found.length >= MAX_FILES) this.connection.console.warn(`svcsql: indexing stops at ${MAX_FILES} .svcsql files.`);
    // Files of folders no longer in the workspace (or now excluded) leave the index.
    for (const id of [...this.index.ids()]) if (!seen.has(id) && !this.open.has(id)) this.removeEntry(id);
    run.total = feed.length;
    walked(); // the pool has the walk's files
    await done;
    if (generation !== this.generation) return;
    if (skipped)
      this.connection.console.info(
        `svcsql: ${skipped} .svcsql file(s) over ${this.settings.maxFileSizeKB} KB not indexed (svcsql.index.maxFileSizeKB).`,
      );
    this.ready = true;
    this.republishAll();
  }

  /**
   * Reads one file's text (undefined when it is gone, too large, or leads out of the workspace
   * folders), for a file event or a closed document. The walk's files go through the IndexPool,
   * which needs no realpath: the walk reached them through real folders.
   */
  private async read(path: string, maxBytes = this.settings.maxFileSizeKB * 1024): Promise<FileRead> {
    const seq = ++this.readCount;
    this.reads.set(path, seq);
    try {
      // A symbolic link may lead out of the workspace folders: nothing there is read.
      const real = await realpath(path);
      const info = await stat(real);
      if (!this.roots.some((r) => isWithin(r, real)) || !info.isFile()) return { path, seq };
      if (info.size > maxBytes) return { path, seq, tooLarge: true };
      return { path, seq, text: await readFile(real, 'utf8') };
    } catch {
      return { path, seq };
    }
  }

  /** Takes a file out of the index. True when definitions changed. */
  private removeEntry(id: string): boolean {
    this.diskHashes.delete(id);
    return this.index.removeFile(id);
  }

  /** Puts a read into the index (unless the file is open now, or a later read is under way). True when definitions changed. */
  private apply(read: FileRead): boolean {
    const { path, seq, text } = read;
    if (this.reads.get(path) !== seq || this.open.has(path)) return false;
    this.reads.delete(path); // nothing older is in flight
    const { objects, error, hash } = text === undefined ? read : indexText(path, text);
    this.diskHashes.delete(path);
    if (error !== undefined) {
      // A file the core cannot read costs its own entry, never the index.
      this.connection.console.error(`svcsql: cannot index ${labelOf(path, this.folders)}: ${error}`);
      return this.index.removeFile(path);
    }
    if (!objects) return this.index.removeFile(path);
    if (hash !== undefined) this.diskHashes.set(path, hash);
    return this.index.setFile(path, labelOf(path, this.folders), objects);
  }

  /** Reads one file into the index (unless it is open, too large, or gone). */
  private async readFile(path: string): Promise<boolean> {
    return this.apply(await this.read(path));
  }

  private async readFiles(paths: readonly string[]): Promise<void> {
    let changed = false;
    for (const p of paths) if (await this.readFile(p)) changed = true;
    if (changed) this.definitionsChanged();
  }

  /** workspace/didChangeWatchedFiles (never rejects: a failure is logged). */
  filesChanged(changes: readonly FileEvent[]): Promise<void> {
    this.events = this.events
      .then(() => this.applyFileEvents(changes))
      .catch((e: unknown) => this.connection.console.error(`svcsql: file events failed: ${e instanceof Error ? e.message : String(e)}`));
    return this.events;
  }

  /** File events apply in the order they came. */
  private events: Promise<void> = Promise.resolve();

  private async applyFileEvents(changes: readonly FileEvent[]): Promise<void> {
    const read: string[] = [];
    let changed = false;
    for (const c of changes) {
      const path = idOfUri(c.uri);
      if (!path.startsWith('/') && !/^[A-Za-z]:/.test(path)) continue;
      if (!this.folders.some((f) => isWithin(f.path, path))) continue; // never read outside the folders
      if (basename(path) === '.gitignore') {
        this.reindex(); // which files are the workspace may have changed
        return;
      }
      if (c.type === FileChangeType.Deleted) {
        if (this.isExcluded(path, true)) continue; // nothing in it was indexed
        // An indexed file goes alone (no look through every file: a thousand files deleted at once
        // are a thousand events).
        if (this.index.file(path)) {
          if (!this.open.has(path) && this.removeEntry(path)) changed = true;
          continue;
        }
        // A folder whose files all go.
        for (const id of [...this.index.ids()]) {
          if ((id === path || isWithin(path, id)) && !this.open.has(id) && this.removeEntry(id)) changed = true;
        }
      } else if (isSvcsql(path)) {
        if (!this.isExcluded(path)) read.push(path);
      } else if (c.type === FileChangeType.Created && !this.isExcluded(path, true)) {
        const info = await stat(path).catch(() => undefined);
        if (info?.isDirectory()) {
          const walked = await walkFolder(path, this.settings.excludeFolders, MAX_FILES);
          read.push(...walked.files.filter((f) => !this.isExcluded(f)));
        }
      }
    }
    await this.readFiles(read);
    if (changed) this.definitionsChanged();
  }

  // ---- what the features read --------------------------------------------------------------

  /** Steps that read the workspace's names for completion ahead of it (the server's idle work: WorkspaceNames.syncSteps). */
  namesSteps(): Generator<void, void, void> {
    return this.workspaceNames.syncSteps();
  }

  /** The names the workspace creates, for completion (the server registers this source first). */
  readonly names: NameSource = (kind: ObjectKind, query: NameQuery): NameAnswer => {
    this.freshForCompletion();
    return this.workspaceNames.answer(kind, query);
  };

  /**
   * Edited open documents' objects, for completion: read now when the documents are small; larger
   * ones once completion has not been asked for FRESH_AFTER_MS (reading a document's objects is a
   * pass over the whole document, which a completion on every keystroke must not pay), their names
   * meanwhile those of their last read.
   */
  private freshForCompletion(): void {
    if (this.stale.size === 0) return;
    let chars = 0;
    for (const id of this.stale) {
      const uri = this.open.get(id);
      chars += (uri && this.host.document(uri)?.source.length) || 0;
    }
    if (chars <= FRESH_NOW_CHARS) {
      this.fresh();
      return;
    }
    clearTimeout(this.freshTimer);
    this.freshTimer = setTimeout(() => {
      this.freshTimer = undefined;
      try {
        this.fresh();
      } catch (e) {
        this.connection.console.error(`svcsql: reading open documents' objects failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }, FRESH_AFTER_MS);
  }

  private freshTimer: ReturnType<typeof setTimeout> | undefined;

  /** Updated per changed file, described only when an item is resolved (workspaceNames.ts). */
  private readonly workspaceNames = new WorkspaceNames(this.index);

  /** Information on references to names no workspace file creates, when the user asked for it. */
  diagnostics(uri: string): CoreDiagnostic[] {
    if (!unresolvedReferencesFor(this.settings, uri) || !this.ready) return [];
    this.fresh();
    return unresolvedReferenceDiagnostics(this.index, idOfUri(uri));
  }

  private definitionsChanged(): void {
    if (this.ready && anyUnresolvedReferences(this.settings)) this.republishAll();
  }

  private republishAll(): void {
    for (const uri of this.host.openUris()) this.host.republish(uri);
  }
}
