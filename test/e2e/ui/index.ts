// The UI suites, in the order they run.
import type { UiSuite } from './context';
import { editorSuite } from './editor';
import { explorerSuite } from './explorer';
import { notebookSuite } from './notebook';
import { resultsSuite } from './results';
import { walkthroughSuite } from './walkthrough';

export const uiSuites: UiSuite[] = [editorSuite, resultsSuite, explorerSuite, notebookSuite, walkthroughSuite];
