// The server's connection. Over stdio (how the extension starts it) it writes with an encoder that
// keeps each diagnostic's JSON (messageEncoder.ts); other transports are the library's own.
import { inspect } from 'node:util';
import { ProposedFeatures, StreamMessageReader, StreamMessageWriter, createConnection, type Connection } from 'vscode-languageserver/node';
import { cachingJsonEncoder } from './messageEncoder';

const asLine = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' ');

export function connect(): Connection {
  if (!process.argv.includes('--stdio')) return createConnection(ProposedFeatures.all);
  const writer = new StreamMessageWriter(process.stdout, { charset: 'utf-8', contentTypeEncoder: cachingJsonEncoder });
  const c = createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), writer);
  // Given a reader and writer, the library leaves two things to us that it does for the streams it
  // opens itself. The client going away ends the server:
  let shutdown = false;
  c.onShutdown(() => {
    shutdown = true;
  });
  const end = () => process.exit(shutdown ? 0 : 1);
  process.stdin.on('end', end);
  process.stdin.on('close', end);
  // and console output goes to the client's log, since stdout carries the protocol.
  console.log = console.info = console.debug = (...args: unknown[]) => c.console.log(asLine(args));
  console.warn = (...args: unknown[]) => c.console.warn(asLine(args));
  console.error = (...args: unknown[]) => c.console.error(asLine(args));
  return c;
}

/** Calls `listener` whenever bytes of a message arrive over stdio (before the message is handled); other transports: never. */
export function onIncoming(listener: () => void): void {
  if (process.argv.includes('--stdio')) process.stdin.on('data', listener);
}
