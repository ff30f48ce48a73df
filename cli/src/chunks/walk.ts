// Folder walking and glob expansion (globby): a bundle of its own (out/cli/walk.js), loaded only
// when an argument is a folder or a pattern, so that linting named files never loads it.
export { globby, isDynamicPattern } from 'globby';
export { walkFolder } from '../walkFolder';
