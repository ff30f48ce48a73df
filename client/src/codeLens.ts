// "▶ Run" above each statement; boundaries from the language server (the compact form of
// svcsql/statements: a document of 100,000 statements stays cheap). Hidden in Restricted Mode,
// where running is disabled.
import * as vscode from 'vscode';
import type { StatementSource } from './languageClient';

export class RunCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly source: StatementSource) {
    this.subscription = vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire());
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  async provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.CodeLens[]> {
    if (!vscode.workspace.isTrusted) return [];
    let statements;
    try {
      statements = await this.source.spans(document.uri);
    } catch {
      return [];
    }
    if (token.isCancellationRequested) return [];
    return statements
      .filter((s) => !s.empty)
      .map((s) => {
        const at = new vscode.Position(s.range.start.line, s.range.start.character);
        return new vscode.CodeLens(new vscode.Range(at, at), {
          title: s.hasErrors ? '▶ Run (has errors)' : '▶ Run',
          tooltip: `Run ${s.title || 'this statement'}`,
          command: 'svcsql.runStatement',
          arguments: [document.uri, at],
        });
      });
  }
}
