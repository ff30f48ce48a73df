// Pure helpers of the service client: base URL rules, Retry-After, grpc-message decoding.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeGrpcMessage, formatError, parseRetryAfter, parseSyntaxMessage, validateBaseUrl } from '../../service/src/index';
import { encodeGrpcMessage } from '../../emulator/src/grpcEncode';

test('validateBaseUrl: https anywhere, http only on loopback', () => {
  for (const ok of [
    'https://api.example.com',
    'https://api.example.com/prefix/',
    'http://localhost:8787',
    'http://127.0.0.1:1',
    'http://127.4.5.6',
    'http://[::1]:8787/',
  ]) {
    assert.equal(validateBaseUrl(ok), undefined, ok);
  }
  for (const bad of [
    'http://example.com',
    'http://128.0.0.1',
    'http://localhost.example.com',
    'ftp://localhost',
    'not a url',
    '',
    'https://user:pw@host',
    'http://10.0.0.1',
  ]) {
    assert.equal(typeof validateBaseUrl(bad), 'string', bad);
  }
});

test('parseRetryAfter: seconds and HTTP dates', () => {
  const now = Date.parse('Sun, 22 Nov 2026 04:00:00 GMT');
  assert.equal(parseRetryAfter('3', now), 3000);
  assert.equal(parseRetryAfter(' 0 ', now), 0);
  assert.equal(parseRetryAfter('Sun, 22 Nov 2026 04:00:05 GMT', now), 5000);
  assert.equal(parseRetryAfter('Sun, 22 Nov 2026 03:00:00 GMT', now), 0);
  assert.equal(parseRetryAfter('soon', now), undefined);
  assert.equal(parseRetryAfter(null, now), undefined);
  assert.equal(parseRetryAfter(undefined, now), undefined);
});

test('decodeGrpcMessage: percent-encoded UTF-8, + stays +, bad escapes kept', () => {
  assert.equal(decodeGrpcMessage('Invalid%20sql query: a+b %C3%A9 100%25'), 'Invalid sql query: a+b é 100%');
  assert.equal(decodeGrpcMessage('50%zz'), '50%zz');
  const text = "Invalid sql query: line 2:7 mismatched input 'café' expecting {'(', ',', STRING}";
  assert.equal(decodeGrpcMessage(encodeGrpcMessage(text)), text);
});

test('parseSyntaxMessage: prefix, line/column and expected tokens', () => {
  const d = parseSyntaxMessage("Invalid sql query: line 3:14 mismatched input 'x' expecting {'(', ',', STRING, <EOF>}");
  assert.equal(d.text, "line 3:14 mismatched input 'x' expecting {'(', ',', STRING, <EOF>}");
  assert.equal(d.line, 3);
  assert.equal(d.column, 14);
  assert.deepEqual(d.expected, ['(', ',', 'STRING', '<EOF>']);
  const single = parseSyntaxMessage("Invalid sql query: line 1:0 missing 'FLOW' at 'x' expecting 'FLOW'");
  assert.deepEqual(single.expected, ['FLOW']);
  const none = parseSyntaxMessage('Invalid sql query: something odd');
  assert.equal(none.line, undefined);
  assert.equal(none.expected, undefined);
});

test('formatError: one sentence on one line', () => {
  assert.equal(
    formatError({ kind: 'server', message: 'The service had an internal error (HTTP 500)' }),
    'The service had an internal error (HTTP 500).',
  );
  assert.equal(formatError({ kind: 'network', message: 'a\nb.' }), 'a b.');
});
