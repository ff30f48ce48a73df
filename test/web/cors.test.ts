// The emulator answers the browser build's cross-origin fetch: a preflight for the x-service-*
// headers is allowed without credentials or rate-limit cost, and a refused statement's grpc-message
// is readable by the page.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withEmulator } from '../service/helpers';

const ORIGIN = 'http://localhost:3000';

describe('emulator CORS', () => {
  it('answers a preflight for the credential headers, before authentication', async () => {
    await withEmulator({}, async (emu) => {
      const res = await fetch(`${emu.url}/v1/resource/`, {
        method: 'OPTIONS',
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-service-account-uid,x-service-api-key',
        },
      });
      assert.equal(res.status, 204);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
      assert.equal(res.headers.get('access-control-allow-headers'), 'content-type,x-service-account-uid,x-service-api-key');
      assert.equal(res.headers.get('access-control-allow-credentials'), null);
      assert.equal(emu.stats.unauthorized, 0, 'the preflight never reached authentication');
    });
  });

  it('exposes grpc-message on a refused statement', async () => {
    await withEmulator({}, async (emu) => {
      const res = await fetch(`${emu.url}/v1/resource/`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ statement: 'SHOW FLOWS' }),
      });
      await res.arrayBuffer();
      assert.ok(res.status >= 400);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /grpc-message/);
    });
  });
});
