// The formatter: one canonical layout for .svcsql text (see README, "Formatting").
export {
  formatText,
  formatDocumentEdits,
  formatRangeEdits,
  formatSegments,
  lineBreakOf,
  type FormatEdit,
  type StatementSpan,
} from './formatDocument';
export { formatStatement, type FormattedStatement } from './formatStatement';
export { DEFAULT_FORMAT_OPTIONS, formatOptions, type FormatOptions } from './options';
