// The workspace index: every .svcsql file of a workspace as one project (definitions, references,
// rename across files). The server and the CLI read files; the index only holds what they give it.
export { FileObjects, type FileObjectParts, type NameForm, type ObjectOccurrence } from './objectOccurrence';
export { indexWarmupText } from './indexWarmup';
export { objectListOfText, objectsOfDocument, objectsOfText } from './fileObjects';
export { WorkspaceIndex, type IndexedFile, type ObjectLocation } from './workspaceIndex';
export { newNameOf, renameObject, writeName, type RenameResult } from './renameObject';
export { objectInWords } from './describeObject';
export { UNRESOLVED_REFERENCE, unresolvedReferenceDiagnostics } from './unresolvedReferences';
export { DEFAULT_EXCLUDE_FOLDERS, WorkspaceFileRules, isSvcsqlName } from './workspaceFiles';
export { walkWorkspace, type LinkNote, type WalkHost, type WalkOptions, type WalkResult } from './walkWorkspace';
export { nodeWalkHost, type NodeFs, type NodePath } from './nodeWalkHost';
