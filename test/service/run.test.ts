// The service client against the emulator over real HTTP: outcomes, errors, retries, polling.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatError, isTerminal, ServiceClient, ServiceRequestError } from '../../service/src/index';
import { startEmulator } from '../../emulator/src/emulator';
import { syntaxErrors } from '../../emulator/src/syntaxCheck';
import {
  clientFor,
  collecting,
  connectionFor,
  countingLimiter,
  FAST_POLL,
  FAST_RETRY,
  fireRemainingTimers,
  settleWithFakeTime,
  withEmulator,
} from './helpers';

test('success: submit, PENDING, SUCCESS with the statement-shaped apiResponse', () =>
  withEmulator({ pendingMs: 800 }, async (emu) => {
    const { options, events } = collecting();
    const r = await clientFor(emu).run('SHOW FLOWS', options);
    assert.equal(r.state, 'success');
    assert.equal(r.apiStatus, 'API_OPERATION_STATUS_SUCCESS');
    assert.match(r.requestId ?? '', /^[0-9a-f-]{36}$/);
    const body = (r.apiResponse as { showFlowsApiResponse?: { flows?: unknown[] } }).showFlowsApiResponse;
    assert.ok(Array.isArray(body?.flows) && body.flows.length > 0);
    assert.equal(r.error, undefined);
    assert.deepEqual(
      events.map((e) => e.state),
      ['submitting', 'pending', 'pending', 'success'],
    );
    assert.equal(events[2]!.apiStatus, 'API_OPERATION_STATUS_PENDING');
    assert.ok(r.endedAt >= r.startedAt);
    assert.equal(emu.stats.submits, 1);
  }));

test('RUN JOB, DESCRIBE JOB_RUN and SHOW POLICIES answer the shapes the service documents', () =>
  withEmulator({ pendingMs: 0 }, async (emu) => {
    const c = clientFor(emu);
    const run = await c.run('RUN JOB nightly', { poll: FAST_POLL });
    assert.equal(typeof (run.apiResponse as { runJobApiResponse: { jobRunId: unknown } }).runJobApiResponse.jobRunId, 'string');
    const d = await c.run("DESCRIBE JOB_RUN `run-1` JOB_NAME = 'nightly'", { poll: FAST_POLL });
    assert.ok(
      (d.apiResponse as { describeJobRunApiResponse: { sparkJobRun: { status: string } } }).describeJobRunApiResponse.sparkJobRun.status,
    );
    const p = await c.run('SHOW POLICIES CATALOG = glue', { poll: FAST_POLL });
    assert.match(
      (p.apiResponse as { showPoliciesApiResponse: { queryResultPath: string } }).showPoliciesApiResponse.queryResultPath,
      /^s3:\/\//,
    );
  }));

for (const [outcome, state] of [
  ['FAILED', 'failed'],
  ['SUCCESS_PARTIAL', 'partial'],
  ['INVALID', 'invalid'],
] as const) {
  test(`terminal status ${outcome} ends the run '${state}'`, () =>
    withEmulator({ faults: { outcome } }, async (emu) => {
      const r = await clientFor(emu).run('SHOW CLUSTERS', { poll: FAST_POLL });
      assert.equal(r.state, state);
      assert.equal(r.apiStatus, `API_OPERATION_STATUS_${outcome}`);
      assert.ok(isTerminal(r.state));
    }));
}

test('400 parse error: grpc-message decoded, line and column, expected tokens; not polled', () =>
  withEmulator({}, async (emu) => {
    const statement = "DELETE FLOW x\n  WITH 'a' = ";
    const [first] = syntaxErrors(statement); // what the emulator puts in grpc-message
    assert.ok(first);
    const r = await clientFor(emu).run(statement, { poll: FAST_POLL });
    assert.equal(r.state, 'rejected');
    assert.equal(r.error?.kind, 'parse');
    assert.equal(r.error?.httpStatus, 400);
    assert.equal(r.error?.line, 2);
    assert.equal(r.error?.line, first.line);
    assert.equal(r.error?.column, first.column);
    assert.match(first.message, /expecting \{/);
    assert.ok(r.error?.expected?.includes('('), JSON.stringify(r.error?.expected));
    assert.equal(r.error?.detail, `line ${first.line}:${first.column} ${first.message}`);
    assert.equal(
      formatError(r.error!),
      `The service could not parse the statement at line 2, column ${first.column + 1}: ${first.message}.`,
    );
    assert.equal(r.requestId, undefined);
    assert.equal(emu.stats.statusCalls, 0);
    assert.equal(emu.stats.parseErrors, 1);
  }));

test("400 for an unbalanced parenthesis: 'missing' messages name the expected token", () =>
  withEmulator({}, async (emu) => {
    const r = await clientFor(emu).run("CREATE CLUSTER c TYPE = 'SPARK'\n  MAX_OCU = (1", { poll: FAST_POLL });
    assert.equal(r.state, 'rejected');
    assert.equal(r.error?.line, 2);
    assert.equal(typeof r.error?.column, 'number');
    assert.deepEqual(r.error?.expected, [')']);
  }));

test('401 is reported as refused credentials and never retried', () =>
  withEmulator({}, async (emu) => {
    const r = await clientFor(emu, { apiSecret: 'not-the-secret' }).run('SHOW FLOWS', { poll: FAST_POLL });
    assert.equal(r.state, 'rejected');
    assert.equal(r.error?.kind, 'auth');
    assert.equal(r.error?.httpStatus, 401);
    assert.match(formatError(r.error!), /refused the credentials/);
    assert.equal(emu.stats.submits, 1);
    assert.equal(emu.stats.statusCalls, 0);
    // submit() on its own throws the same error.
    await assert.rejects(
      clientFor(emu, { apiKey: 'wrong-key' }).submit('SHOW FLOWS'),
      (e: unknown) => e instanceof ServiceRequestError && e.kind === 'auth',
    );
    assert.equal(emu.stats.submits, 2);
  }));

test('429 with Retry-After: the client waits that long, then goes on', () =>
  withEmulator({ faults: { force429: 1, retryAfter: '1' } }, async (emu) => {
    const started = Date.now();
    const r = await clientFor(emu).run('SHOW LAKES', { poll: FAST_POLL });
    assert.equal(r.state, 'success');
    assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms`);
    assert.equal(emu.stats.rateLimited, 1);
    assert.equal(emu.stats.submits, 2); // refused by 429, so sending again is safe
  }));

test('429 on a status call: waits and goes on polling', () =>
  withEmulator({ pendingMs: 300 }, async (emu) => {
    const { options } = collecting({
      onEvent: (e) => {
        if (e.apiStatus === 'API_OPERATION_STATUS_PENDING') Object.assign(emu.faults, { force429: 1, retryAfter: '0' });
      },
    });
    const r = await clientFor(emu).run('SHOW LAKES', options);
    assert.equal(r.state, 'success');
    assert.equal(emu.stats.rateLimited, 1);
    assert.equal(emu.stats.submits, 1);
  }));

test('500 on status calls is retried and the run recovers', () =>
  withEmulator({ faults: { status500: 2 } }, async (emu) => {
    const r = await clientFor(emu).run('SHOW FLOWS', { poll: FAST_POLL });
    assert.equal(r.state, 'success');
    assert.equal(emu.stats.serverErrors, 2);
    assert.ok(emu.stats.statusCalls >= 3);
    assert.equal(emu.stats.submits, 1);
  }));

test('500s beyond the retry budget end the run as error, naming the request', () =>
  withEmulator({ faults: { status500: 100 } }, async (emu) => {
    const r = await clientFor(emu).run('SHOW FLOWS', { poll: FAST_POLL });
    assert.equal(r.state, 'error');
    assert.equal(r.error?.kind, 'server');
    assert.equal(r.error?.httpStatus, 500);
    assert.equal(emu.stats.statusCalls, FAST_RETRY.retries + 1);
    assert.ok(r.requestId);
  }));

test('dropped connections and malformed JSON on status calls are retried', () =>
  withEmulator({ faults: { dropStatus: 1, malformedStatus: 1 } }, async (emu) => {
    const r = await clientFor(emu).run('SHOW FLOWS', { poll: FAST_POLL });
    assert.equal(r.state, 'success');
    assert.equal(emu.stats.dropped, 1);
  }));

test('dropped connection on submit: exactly one submit, run ends error, never resent', (t) =>
  withEmulator({ faults: { dropSubmit: 1 } }, async (emu) => {
    const limiter = countingLimiter();
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const client = new ServiceClient(connectionFor(emu), { retry: FAST_RETRY, limiter });
    const r = await settleWithFakeTime(t, client.run('SHOW FLOWS', { poll: FAST_POLL }));
    assert.equal(r.state, 'error');
    assert.equal(r.error?.kind, 'network');
    assert.match(r.error?.message ?? '', /may or may not have been received/);
    assert.match(r.error?.message ?? '', /do not re-run it blindly/);
    // A resend or a poll the client left scheduled would now ask for a slot.
    await fireRemainingTimers(t);
    assert.equal(limiter.count, 1);
    assert.equal(emu.stats.submits, 1);
    assert.equal(emu.stats.statusCalls, 0);
  }));

test('malformed JSON on submit ends the run error without resending', () =>
  withEmulator({ faults: { malformedSubmit: 1 } }, async (emu) => {
    const r = await clientFor(emu).run('SHOW FLOWS', { poll: FAST_POLL });
    assert.equal(r.state, 'error');
    assert.equal(r.error?.kind, 'bad-response');
    assert.equal(emu.stats.submits, 1);
  }));

test('connection refused before sending: retried, then a clear network error', async () => {
  const emu = await startEmulator({});
  const conn = connectionFor(emu);
  await emu.close();
  const r = await new ServiceClient(conn, { retry: FAST_RETRY }).run('SHOW FLOWS', { poll: FAST_POLL });
  assert.equal(r.state, 'error');
  assert.equal(r.error?.kind, 'network');
  assert.match(r.error?.message ?? '', /Could not connect.*nothing was sent/);
});

// The service would answer after a minute; the test's own timeout says the 400 ms were honoured
// without an upper bound on the wall clock (a loaded machine stretches it).
test('timeout: a run that stays PENDING ends timed-out, naming the request', { timeout: 30_000 }, () =>
  withEmulator({ pendingMs: 60_000 }, async (emu) => {
    const r = await clientFor(emu).run('SHOW FLOWS', { poll: FAST_POLL, timeoutMs: 400 });
    assert.equal(r.state, 'timed-out');
    assert.equal(r.error?.kind, 'timeout');
    assert.ok(r.requestId);
    assert.match(r.error?.message ?? '', new RegExp(r.requestId!));
    assert.ok(r.endedAt - r.startedAt >= 380, `ended after ${r.endedAt - r.startedAt} ms`);
    assert.ok(emu.stats.statusCalls >= 1, 'it polled while it waited');
  }),
);

test('timeout during a slow submit says the statement may have been received', () =>
  withEmulator({ faults: { delayMs: 1000 } }, async (emu) => {
    const r = await clientFor(emu).run('SHOW FLOWS', { poll: FAST_POLL, timeoutMs: 300 });
    assert.equal(r.state, 'timed-out');
    assert.match(r.error?.message ?? '', /may or may not have been received/);
  }));

test('cancellation stops at once and no status call follows', (t) =>
  withEmulator({ pendingMs: 60_000 }, async (emu) => {
    const limiter = countingLimiter();
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const ac = new AbortController();
    let requestsAtAbort = -1;
    let fakeTimeAtAbort = -1;
    let fakeTime = 0;
    const { options } = collecting({
      signal: ac.signal,
      onEvent: (e) => {
        if (e.apiStatus === 'API_OPERATION_STATUS_PENDING' && requestsAtAbort < 0) {
          requestsAtAbort = limiter.count;
          fakeTimeAtAbort = fakeTime;
          ac.abort();
        }
      },
    });
    const client = new ServiceClient(connectionFor(emu), { retry: FAST_RETRY, limiter });
    const run = client.run('SHOW FLOWS', options);
    let settled = false;
    void run.finally(() => (settled = true));
    while (!settled) {
      t.mock.timers.tick(10);
      fakeTime += 10;
      await new Promise((r) => setImmediate(r));
    }
    const r = await run;
    // At once: no poll interval passed between the abort and the end (fake time stood still).
    assert.equal(fakeTime, fakeTimeAtAbort, 'the run ended without waiting for a timer');
    assert.equal(r.state, 'cancelled');
    assert.equal(r.error?.kind, 'cancelled');
    assert.ok(r.requestId);
    assert.equal(limiter.count, requestsAtAbort);
    await fireRemainingTimers(t); // every poll interval the client might have left
    assert.equal(limiter.count, requestsAtAbort, 'no request after the abort');
    assert.equal(emu.stats.statusCalls, requestsAtAbort - 1);
  }));

test('an already aborted signal ends the run cancelled without sending', () =>
  withEmulator({}, async (emu) => {
    const r = await clientFor(emu).run('SHOW FLOWS', { signal: AbortSignal.abort(), poll: FAST_POLL });
    assert.equal(r.state, 'cancelled');
    assert.match(r.error?.message ?? '', /before the statement was sent/);
    assert.equal(emu.stats.submits, 0);
  }));

test('an unknown apiStatus is shown as it came and polling goes on', () =>
  withEmulator(
    { pendingMs: 200, faults: { unknownStatus: 1, unknownStatusValue: 'API_OPERATION_STATUS_QUEUED_FOR_MAINTENANCE' } },
    async (emu) => {
      const { options, events } = collecting();
      const r = await clientFor(emu).run('SHOW FLOWS', options);
      assert.equal(r.state, 'success');
      const shown = events.find((e) => e.apiStatus === 'API_OPERATION_STATUS_QUEUED_FOR_MAINTENANCE');
      assert.equal(shown?.state, 'pending');
      assert.ok(events.indexOf(shown!) < events.length - 1);
    },
  ));

test('watch() polls an existing request id', () =>
  withEmulator({}, async (emu) => {
    const c = clientFor(emu);
    const id = await c.submit('SHOW FLOWS');
    const r = await c.watch(id, { poll: FAST_POLL });
    assert.equal(r.state, 'success');
    assert.equal(r.requestId, id);
    const missing = await c.watch('00000000-0000-4000-8000-00000000dead', { poll: FAST_POLL });
    assert.equal(missing.state, 'error');
    assert.equal(missing.error?.kind, 'not-found');
  }));

test('header prefix setting: the same client serves a deployment with other header names', () =>
  withEmulator({ headerPrefix: 'x-acme-' }, async (emu) => {
    const ok = await clientFor(emu, { headerPrefix: 'x-acme-' }).run('SHOW FLOWS', { poll: FAST_POLL });
    assert.equal(ok.state, 'success');
    const wrong = await clientFor(emu).run('SHOW FLOWS', { poll: FAST_POLL });
    assert.equal(wrong.state, 'rejected');
    assert.equal(wrong.error?.kind, 'auth');
  }));

test('region is sent lower-case', () =>
  withEmulator({ credentials: { region: 'eu-central-1' } }, async (emu) => {
    const r = await clientFor(emu, { region: 'EU-Central-1' }).run('SHOW FLOWS', { poll: FAST_POLL });
    assert.equal(r.state, 'success');
  }));

test('a non-https base URL that is not loopback is refused before any request', async () => {
  const conn = {
    baseUrl: 'http://example.com',
    accountUid: 'a',
    projectUid: 'p',
    apiKey: 'k',
    apiSecret: 's',
    linkUid: 'l',
    region: 'r',
    userUuid: 'u',
  };
  const r = await new ServiceClient(conn).run('SHOW FLOWS', { poll: FAST_POLL });
  assert.equal(r.state, 'error');
  assert.equal(r.error?.kind, 'config');
  assert.match(r.error?.message ?? '', /https/);
});

test('the emulator itself enforces 10 requests per second per project with 429 + Retry-After', () =>
  withEmulator({ rateLimit: { limit: 10, windowMs: 1000 } }, async (emu) => {
    const c = emu.credentials;
    const headers: Record<string, string> = {
      'x-service-account-uid': c.accountUid,
      'x-service-project-uid': c.projectUid,
      'x-service-api-key': c.apiKey,
      'x-service-api-secret': c.apiSecret,
      'x-service-link-uid': c.linkUid,
      'x-service-region': c.region,
      'x-service-uuid': c.userUuid,
    };
    // Raw fetches, bypassing the client's limiter.
    const answers = await Promise.all(Array.from({ length: 15 }, () => fetch(`${emu.url}/v1/status/nope`, { headers })));
    const limited = answers.filter((a) => a.status === 429);
    assert.equal(limited.length, 5);
    assert.match(limited[0]!.headers.get('retry-after') ?? '', /^\d+$/);
    assert.equal(answers.filter((a) => a.status === 404).length, 10);
    // Another project has its own budget.
    const other = await fetch(`${emu.url}/v1/status/nope`, { headers: { ...headers, 'x-service-project-uid': 'other' } });
    assert.equal(other.status, 401); // wrong project for these credentials, but not rate-limited
  }));

test('nonsense run options still end in a terminal state', () =>
  withEmulator({}, async (emu) => {
    const r = await clientFor(emu).run('SHOW FLOWS', { timeoutMs: Number.NaN, poll: { initialMs: -1, factor: 0, maxMs: Number.NaN } });
    assert.equal(r.state, 'success');
  }));
