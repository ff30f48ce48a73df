// Every command the extension contributes (package.json `contributes.commands`, checked by
// test/client/commandTable.test.ts), and the shape of the one table that maps them to handlers:
// extension.ts assembles it from each area's part and registerCommands.ts registers it in one loop.

export const COMMAND_IDS = [
  'svcsql.runStatement',
  'svcsql.runAllStatements',
  'svcsql.configureConnection',
  'svcsql.switchProfile',
  'svcsql.signOut',
  'svcsql.checkRequestStatus',
  'svcsql.showOutput',
  'svcsql.requests.copyRequestId',
  'svcsql.requests.refresh',
  'svcsql.requests.cancel',
  'svcsql.requests.rerun',
  'svcsql.requests.openResponse',
  'svcsql.requests.remove',
  'svcsql.requests.clear',
  'svcsql.requests.refreshAll',
  'svcsql.requests.revealSource',
  'svcsql.results.show',
  'svcsql.objects.refreshAll',
  'svcsql.objects.refresh',
  'svcsql.objects.cancel',
  'svcsql.objects.describe',
  'svcsql.objects.insertStatement',
  'svcsql.objects.copyName',
  'svcsql.objects.openResponse',
  'svcsql.notebook.openAsNotebook',
  'svcsql.notebook.exportAsSvcsql',
] as const;

export type CommandId = (typeof COMMAND_IDS)[number];

/** A handler gets what VS Code hands the command (commandArgs.ts reads it) and answers what it did. */
export type CommandHandler = (...args: unknown[]) => unknown;

/** The whole table: extension.ts cannot leave a contributed command without a handler. */
export type CommandTable = Record<CommandId, CommandHandler>;

/** One area's part of the table (declare it with `satisfies CommandPart` to keep its exact ids). */
export type CommandPart = Partial<CommandTable>;
