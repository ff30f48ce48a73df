// Registers the command table in one loop.
import * as vscode from 'vscode';
import type { CommandTable } from './commandTable';

export function registerCommands(table: CommandTable): vscode.Disposable[] {
  return Object.entries(table).map(([id, handler]) => vscode.commands.registerCommand(id, handler));
}
