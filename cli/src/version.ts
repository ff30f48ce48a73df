// The package's version and home, read from package.json at bundle time.
import { repository, version } from '../../package.json';

export const VERSION: string = version;
export const INFORMATION_URI: string = repository.url.replace(/\.git$/, '');
