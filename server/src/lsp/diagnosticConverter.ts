// Core diagnostics in their LSP form, as one connection asked for them at initialize.
import type { Diagnostic } from 'vscode-languageserver/node';
import type { CoreDiagnostic, Range } from '../../../core/src/index';
import { sameLspForm, toDiagnostic } from './convert';

export class DiagnosticConverter {
  /**
   * The core hands back the same diagnostic objects for statements an edit did not move, so their
   * LSP form is kept too: a keystroke in a 10,000-statement file converts only what changed.
   */
  private readonly converted = new WeakMap<CoreDiagnostic, Diagnostic>();
  /**
   * By range object: a statement whose fix data holds absolute offsets gets new diagnostics when an
   * edit earlier on its line or above moves it, with the same range object when its line did not
   * change (core positionCache.ts). Their LSP form (no data) is the same, and kept the same object,
   * the message encoder reuses its JSON and the runs around it: a new object for each made it join
   * ~300 of a publish's ~550 diagnostics piece by piece after every keystroke at 10,000 statements.
   */
  private readonly byRange = new WeakMap<Range, Diagnostic>();

  /**
   * `links` false when the client links each code to its docs entry itself (initializationOptions
   * `diagnosticLinks: 'client'`, as the extension does): a link is a quarter of a publish's bytes.
   */
  constructor(private readonly links: boolean) {}

  readonly lsp = (d: CoreDiagnostic): Diagnostic => {
    let lsp = this.converted.get(d);
    if (!lsp) {
      const same = this.byRange.get(d.range);
      lsp = same !== undefined && sameLspForm(same, d) ? same : toDiagnostic(d, this.links);
      this.converted.set(d, lsp);
      this.byRange.set(d.range, lsp);
    }
    return lsp;
  };
}
