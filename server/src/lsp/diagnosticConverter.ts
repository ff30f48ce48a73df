// Core diagnostics in their LSP form, as one connection asked for them at initialize.
import type { Diagnostic } from 'vscode-languageserver/node';
import type { CoreDiagnostic } from '../../../core/src/index';
import { toDiagnostic } from './convert';

export class DiagnosticConverter {
  /**
   * The core hands back the same diagnostic objects for statements an edit did not move, so their
   * LSP form is kept too: a keystroke in a 10,000-statement file converts only what changed.
   */
  private readonly converted = new WeakMap<CoreDiagnostic, Diagnostic>();

  /**
   * `links` false when the client links each code to its docs entry itself (initializationOptions
   * `diagnosticLinks: 'client'`, as the extension does): a link is a quarter of a publish's bytes.
   */
  constructor(private readonly links: boolean) {}

  readonly lsp = (d: CoreDiagnostic): Diagnostic => {
    let lsp = this.converted.get(d);
    if (!lsp) {
      lsp = toDiagnostic(d, this.links);
      this.converted.set(d, lsp);
    }
    return lsp;
  };
}
