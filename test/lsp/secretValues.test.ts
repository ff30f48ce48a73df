// Secret WITH values (catalog: secret: true) reach the client masked for display, beside the real
// text to send; the core masks them through the parsed WITH pairs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskSecretValues, secretValues } from '../../core/src/index';
import { StatementsRequest } from '../../protocol/src/lspExtensions';
import { useLspClient } from './lspClient';

const KEY = 'sk-live-9f8e7d6c5b4a';
const VE = `CREATE TRANSFORMATION emb TYPE = 'VECTOR_EMBEDDING'
  WITH 'vector.embedding.transformation.model.name' = 'm1',
       'VECTOR.EMBEDDING.TRANSFORMATION.API.KEY' = '${KEY}',
       'vector.embedding.transformation.selected.column' = 'api.key'`;

test('core: secret values found through the WITH pairs, masked as *** (a key named in a value is not a secret)', () => {
  assert.deepEqual(
    secretValues(VE).map((v) => v.value),
    [KEY],
  );
  const masked = maskSecretValues(VE);
  assert.ok(!masked.includes(KEY));
  assert.match(masked, /'VECTOR\.EMBEDDING\.TRANSFORMATION\.API\.KEY' = '\*\*\*'/);
  assert.match(masked, /selected\.column' = 'api\.key'/);
  const plain = "SHOW FLOWS -- 'vector.embedding.transformation.api.key' = 'x'";
  assert.equal(maskSecretValues(plain), plain, 'a comment is not a WITH pair');
});

const client = useLspClient();

test('svcsql/statements: displayText with *** and the secret values beside the real text; none for other statements', async () => {
  const uri = 'file:///secret.svcsql';
  await client.open(uri, `SHOW FLOWS\n\n${VE}\n`);
  const result = await client.connection.sendRequest(StatementsRequest, { uri });
  assert.ok(result);
  const [show, ve] = result.statements;
  assert.equal(show!.displayText, undefined);
  assert.equal(show!.secretValues, undefined);
  assert.ok(ve!.text.includes(KEY), 'the text to send keeps the secret');
  assert.ok(ve!.displayText && !ve!.displayText.includes(KEY), ve!.displayText);
  assert.match(ve!.displayText, /= '\*\*\*'/);
  assert.deepEqual(ve!.secretValues, [KEY]);
});
