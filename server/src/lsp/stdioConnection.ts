// The server's connection. Over stdio (how the extension starts it) it writes with an encoder that
// keeps each diagnostic's JSON (messageEncoder.ts); other transports are the library's own.
import type { Writable } from 'node:stream';
import { inspect } from 'node:util';
import type { Connection } from 'vscode-languageserver/node';
import { ProposedFeatures, StreamMessageReader, StreamMessageWriter, createConnection } from './lspValues';
import { cachingJsonEncoder } from './messageEncoder';

const asLine = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' ');

/**
 * `out` as vscode-jsonrpc's writer uses it (on/off, write, end), but a message's header, which the
 * writer writes on its own before the body, is held back (corked) and goes out with the body in one
 * writev: the client then wakes once per message instead of twice. On a busy 2-core machine the
 * header's own write, which woke the client for a few bytes, took ~0.6 ms of each keystroke
 * (`node --cpu-prof` on the server). The writer awaits the header's write before the body's, so its
 * callback is called at once.
 */
function headerWithBody(out: NodeJS.WriteStream): Writable {
  const stream = {
    on: (event: string, listener: (...args: unknown[]) => void) => (out.on(event, listener), stream),
    off: (event: string, listener: (...args: unknown[]) => void) => (out.off(event, listener), stream),
    write(
      data: string | Uint8Array,
      encoding?: BufferEncoding | ((error?: Error | null) => void),
      callback?: (error?: Error | null) => void,
    ): boolean {
      if (typeof data === 'string') {
        out.cork();
        out.write(data, typeof encoding === 'string' ? encoding : 'ascii');
        (typeof encoding === 'function' ? encoding : callback)?.();
        return true;
      }
      const done = typeof encoding === 'function' ? encoding : callback;
      const ok = out.write(data, done);
      // Every cork of the header: the body goes out with it.
      while (out.writableCorked > 0) out.uncork();
      return ok;
    },
    end: () => (out.end(), stream),
  };
  return stream as unknown as Writable;
}

export function connect(): Connection {
  if (!process.argv.includes('--stdio')) return createConnection(ProposedFeatures.all);
  const writer = new StreamMessageWriter(headerWithBody(process.stdout), { charset: 'utf-8', contentTypeEncoder: cachingJsonEncoder });
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
