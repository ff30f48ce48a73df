// Words about an object of the workspace, for hover and completion: "cluster `etl`, created in
// infra/clusters.svcsql:4".
import { objectKindSpec } from '../catalog/index';
import type { ObjectKind } from '../catalog/types';
import type { WorkspaceIndex } from './workspaceIndex';

const code = (name: string) => `\`${name.replace(/`/g, '')}\``;

export function objectInWords(index: WorkspaceIndex, kind: ObjectKind, key: string, written: string): string {
  const label = objectKindSpec(kind).label;
  const definitions = index.definitionsOf(kind, key);
  if (definitions.length === 0) return `${label} ${code(written)}, created in no file of the workspace (it may exist on the service)`;
  const places = definitions.map((d) => `${d.file.label}:${d.occurrence.line + 1}`);
  const name = definitions[0]!.occurrence.name;
  const where = places.length <= 3 ? places.join(', ') : `${places.slice(0, 3).join(', ')} and ${places.length - 3} more`;
  return `${label} ${code(name)}, created in ${where}`;
}
