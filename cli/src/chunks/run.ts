// The commands that talk to the service (run, status): the HTTP client, credentials, progress and
// the result table. A bundle of its own (out/cli/run.js), loaded only by those commands.
export { runCommand } from '../run';
export { statusCommand } from '../status';
