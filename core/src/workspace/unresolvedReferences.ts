// A reference to a name that no file of the workspace creates. Not an error: the object may exist
// on the service. Shown only when the user asks (information).
import { objectKindSpec } from '../catalog/index';
import type { CoreDiagnostic } from '../types';
import type { WorkspaceIndex } from './workspaceIndex';

export const UNRESOLVED_REFERENCE = 'unresolved-reference';

export function unresolvedReferenceDiagnostics(index: WorkspaceIndex, id: string): CoreDiagnostic[] {
  return index.unresolved(id).map((o) => {
    const spec = objectKindSpec(o.kind);
    return {
      range: { start: { line: o.line, character: o.character }, end: { line: o.endLine, character: o.endCharacter } },
      severity: 'information',
      code: UNRESOLVED_REFERENCE,
      message: `No file of the workspace creates the ${spec.label} \`${o.name}\`; it may exist on the service.`,
      source: 'svcsql',
    };
  });
}
