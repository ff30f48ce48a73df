// What the confirmation before run_statement shows: the statement (secret WITH values masked), what
// kind it is, whether it changes the platform, and lint errors that will keep it from being sent.
import { statementById } from '../../core/src/catalog/index';
import { analyze, maskSecretValues } from '../../core/src/index';

export interface RunPreview {
  /** 'CREATE CLUSTER etl', or 'an unknown statement'. */
  title: string;
  /** The statement text as shown to the user (secret values as ***); '' when none. */
  shown: string;
  /** The catalog's summary of the statement kind. */
  summary?: string;
  /** SHOW and DESCRIBE only read; everything else may change the data platform. */
  changes: boolean;
  /** Why it will not be sent (not one statement, lint errors), in words. */
  blocked?: string;
}

const READ_ONLY_VERBS = new Set(['SHOW', 'DESCRIBE']);

export function runPreview(text: string): RunPreview {
  const analysis = analyze(text);
  const statements = analysis.statements.filter((s) => s.sendText.trim() !== '');
  const first = statements[0];
  if (!first) return { title: 'no statement', shown: '', changes: false, blocked: 'The text holds no statement.' };
  const spec = statementById(first.kind);
  const errors = analysis.diagnostics.filter((d) => d.severity === 'error').length;
  const blocked =
    statements.length > 1
      ? `The text holds ${statements.length} statements; run_statement takes one.`
      : errors
        ? `It has ${errors} lint error(s), so it will not be sent.`
        : undefined;
  return {
    title: first.kind === 'unknown' ? 'an unknown statement' : `${first.title}${first.name ? ` ${first.name}` : ''}`,
    shown: maskSecretValues(first.sendText.trim()),
    ...(spec ? { summary: spec.summary } : {}),
    changes: !READ_ONLY_VERBS.has(first.title.split(' ')[0] ?? ''),
    ...(blocked ? { blocked } : {}),
  };
}
