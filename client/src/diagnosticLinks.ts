// The link from each language-server diagnostic's code to its entry in docs/diagnostics.md (the
// editor shows the code as that link in hover and Problems). The server would send it with every
// diagnostic (LSP codeDescription), a quarter of the bytes of a publish, which is sent again after
// every keystroke; the extension asks it not to (initializationOptions.diagnosticLinks) and adds
// the link here: one Uri per code, made once, rather than one parsed per diagnostic per publish.
import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient';
import { diagnosticHelpUri } from './serviceDiagnostics';

/** What the extension's language clients put in initializationOptions. */
export const DIAGNOSTIC_LINKS_OPTION = { diagnosticLinks: 'client' } as const;

const targets = new Map<string, vscode.Uri>();

/** Every code the server publishes is in the registry of codes (core/src/diagnostics/codes.ts), so each has an entry. */
export function linkDiagnosticCodes(diagnostics: vscode.Diagnostic[]): void {
  for (const d of diagnostics) {
    if (d.source !== 'svcsql' || typeof d.code !== 'string') continue;
    let target = targets.get(d.code);
    if (!target) {
      target = vscode.Uri.parse(diagnosticHelpUri(d.code));
      targets.set(d.code, target);
    }
    d.code = { value: d.code, target };
  }
}

export const diagnosticLinksMiddleware: Middleware = {
  handleDiagnostics(uri, diagnostics, next) {
    linkDiagnosticCodes(diagnostics);
    next(uri, diagnostics);
  },
};
