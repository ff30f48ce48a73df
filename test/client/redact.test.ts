import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REDACTED, Redactor, TOO_DEEP } from '../../client/src/redact';
import { RedactingLog, type LogSink } from '../../client/src/log';
import { resultText, submissionText } from '../../client/src/runText';
import type { HistoryEntry } from '../../client/src/history';

function sink(): LogSink & { lines: string[] } {
  const lines: string[] = [];
  return { lines, trace: (m) => lines.push(m), info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
}

test('raw, URL-encoded, JSON-escaped and base64 forms of a secret are all replaced', () => {
  const secret = 'p@ss/w"rd+\\=xyz';
  const r = new Redactor([secret]);
  for (const form of [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1), Buffer.from(secret).toString('base64')]) {
    const out = r.text(`before ${form} after`);
    assert.equal(out, `before ${REDACTED} after`, form);
  }
});

test('regex metacharacters in a secret are matched literally', () => {
  const r = new Redactor(['a.b*c(d)']);
  assert.equal(r.text('aXbbbcd a.b*c(d)'), `aXbbbcd ${REDACTED}`);
});

test('a secret that contains another is replaced whole', () => {
  const r = new Redactor(['abcd', 'xxabcdyy']);
  assert.equal(r.text('[xxabcdyy]'), `[${REDACTED}]`);
});

test('deep values: strings, keys, arrays, errors and cycles', () => {
  const r = new Redactor(['SECRET-1234']);
  const cyclic: Record<string, unknown> = { k: 'x SECRET-1234 y' };
  cyclic.self = cyclic;
  const v = r.value({ a: ['SECRET-1234'], 'SECRET-1234': 1, e: new Error('bad SECRET-1234'), c: cyclic, n: 5, z: null });
  const json = JSON.stringify(v);
  assert.ok(!json.includes('SECRET-1234'), json);
  assert.equal((v as { n: number }).n, 5);
  assert.equal((v as { z: null }).z, null);
});

test('no secrets known: text passes unchanged; short values are not treated as secrets', () => {
  assert.equal(new Redactor().text('hello'), 'hello');
  const r = new Redactor(['ab', '', undefined]);
  assert.equal(r.size, 0);
  assert.equal(r.text('ab ab'), 'ab ab');
});

test('remove forgets a secret', () => {
  const r = new Redactor(['topsecret']);
  r.remove('topsecret');
  assert.equal(r.text('topsecret'), 'topsecret');
});

test('the log never prints a known secret, whatever the message (random secrets, many encodings)', () => {
  const alphabet = 'abcXYZ0189+/=%&?"\\\'.*()[]{}|^$ é漢🙂-_~';
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 200; i++) {
    const chars = Array.from(alphabet);
    const secret = Array.from({ length: 8 + Math.floor(rnd() * 24) }, () => chars[Math.floor(rnd() * chars.length)]).join('');
    const key = `key-${i}-${Math.floor(rnd() * 1e9)}`;
    const redactor = new Redactor([key, secret]);
    const s = sink();
    const log = new RedactingLog(s, redactor);
    const entry: HistoryEntry = {
      id: 'r1',
      profile: 'default',
      statement: `SHOW ${secret}`,
      title: 'SHOW',
      state: 'failed',
      submittedAt: 0,
      updatedAt: 1,
      endedAt: 2,
      requestId: key,
      apiResponse: { echo: secret, nested: [{ [secret]: encodeURIComponent(secret) }], b64: Buffer.from(secret).toString('base64') },
      error: { kind: 'auth', message: `rejected key ${key} with ${JSON.stringify(secret)}`, detail: `Authorization: ${secret}` },
    };
    log.info(submissionText(entry, 'default', 'https://h'));
    log.error(resultText(entry));
    log.warn(`header x-service-api-secret: ${secret}`);
    log.error(new Error(`boom ${secret}`));
    for (const line of s.lines) {
      assert.ok(!line.includes(secret), `leaked raw secret ${JSON.stringify(secret)} in ${line}`);
      assert.ok(!line.includes(key), `leaked key in ${line}`);
      if (encodeURIComponent(secret) !== secret) assert.ok(!line.includes(encodeURIComponent(secret)), `leaked encoded secret in ${line}`);
    }
  }
});

test('a closed sink does not make logging throw', () => {
  const closed: LogSink = {
    trace: () => {
      throw new Error('Channel has been closed');
    },
    info: () => {
      throw new Error('closed');
    },
    warn: () => {
      throw new Error('closed');
    },
    error: () => {
      throw new Error('closed');
    },
  };
  const log = new RedactingLog(closed, new Redactor(['secret-value']));
  assert.doesNotThrow(() => {
    log.info('x');
    log.error(new Error('y'));
  });
});

test('value(): a response nested far deeper than the stack is copied to a bound, keys such as __proto__ stay keys', () => {
  const r = new Redactor(['s3cr3t-value']);
  let deep: unknown = 's3cr3t-value';
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const copy = r.value({ deep }) as { deep: unknown };
  let level: unknown = copy.deep;
  let depth = 0;
  while (Array.isArray(level)) {
    level = level[0];
    depth++;
  }
  assert.equal(level, TOO_DEEP);
  assert.ok(depth > 100 && depth < 1000, `copied ${depth} levels`);
  const hostile = JSON.parse('{"__proto__": {"polluted": "s3cr3t-value"}}') as object;
  const out = r.value(hostile) as Record<string, unknown>;
  assert.deepEqual(Object.keys(out), ['__proto__']);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepEqual(out['__proto__'], { polluted: REDACTED });
});
