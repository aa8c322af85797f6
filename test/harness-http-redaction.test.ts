/**
 * The harness's HTTP layer, redaction of keys (5.1, 5.2, 5.5, 4.11): in headers, bodies, query
 * parameters and keys learnt from answers, against the reference server on loopback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../harness/transport/redaction.ts';
import type { Exchange } from '../harness/transport/http-client.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { exchangeOf } from './exchange-fixture.ts';
import { client, closeClients } from './http-client-fixture.ts';
import { startScriptedServer } from './scripted-server.ts';

afterEach(closeClients);

const everything = (exchanges: Exchange[]): string => JSON.stringify(exchanges);

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ host: '127.0.0.1', rateLimit: 0 });
});
afterAll(() => server.close());

describe('redaction of keys (5.1, 5.5, 4.11): in requests, and keys learnt from answers', () => {
  it('redacts the key in the header, a JSON body field, a form field and the v1 query parameter', async () => {
    // No secrets given: the redactor must find the key where section 5 puts it.
    const redactor = createRedactor([]);
    const exchanges: Exchange[] = [];
    const http = client({ baseUrl: server.baseUrl, redactor, onExchange: (e) => exchanges.push(e) });
    const key = server.keys.account;

    const header = await http.call({ method: 'POST', path: '/credits/consult', apiKey: key });
    expect(header.json).toMatchObject({ code: 'credit_01' });
    expect(header.exchange.requestHeaders.apikey).toBe(REDACTED);

    const json = await http.call({ method: 'POST', path: '/credits/consult', apiKey: key, keyPlacement: 'body', json: {} });
    expect(json.json).toMatchObject({ code: 'credit_01' });
    expect(JSON.parse(json.exchange.requestBody ?? '')).toEqual({ apikey: REDACTED });

    const form = await http.call({ method: 'POST', path: '/credits/consult', apiKey: key, keyPlacement: 'body', form: { note: 'x' } });
    expect(form.json).toMatchObject({ code: 'credit_01' });
    expect(form.exchange.requestBody).toBe(`note=x&apikey=${REDACTED}`);

    const v1 = await http.call({
      method: 'GET',
      path: '/v1/sms/send',
      apiKey: key,
      keyPlacement: 'query',
      query: { mensaje: 'hola', numcelular: '5512345678', numregion: 52, sandbox: 1 },
    });
    expect(v1.json).toMatchObject({ Estatus: 'ok' });
    expect(v1.exchange.url).toContain(`apikey=${REDACTED}`);

    expect(exchanges).toHaveLength(4);
    expect(everything(exchanges)).not.toContain(key);
    expect(redactor.redact(`the key was ${key}.`)).toBe(`the key was ${REDACTED}.`);
  });

  it('redacts the apikey a subaccount creation returns, then everywhere it appears later (4.11)', async () => {
    const redactor = createRedactor([server.keys.manager]);
    const exchanges: Exchange[] = [];
    const http = client({ baseUrl: server.baseUrl, redactor, onExchange: (e) => exchanges.push(e) });
    const scripted = await startScriptedServer();
    const echo = client({ baseUrl: scripted.baseUrl, redactor, onExchange: (e) => exchanges.push(e) });
    try {
      const email = `sub-${Date.now()}@reference.test`;
      const added = await http.call({ method: 'POST', path: '/manager/subaccount/add', apiKey: server.keys.manager, json: { email, password: 'secret-pass' } });
      expect(added.json).toMatchObject({ success: true, code: 'subaccount_01', email });
      // The caller gets the real key; the record does not.
      const subKey = (added.json as { apikey: string }).apikey;
      expect(subKey).toMatch(/^[0-9a-f]{40}$/);
      expect(added.text).toContain(subKey);
      expect(JSON.parse(added.exchange.responseBody)).toMatchObject({ apikey: REDACTED, email });

      const again = await http.call({ method: 'POST', path: '/manager/subaccount/get_apikey', apiKey: server.keys.manager, json: { email } });
      expect((again.json as { apikey: string }).apikey).toBe(subKey);
      await http.call({ method: 'POST', path: '/credits/consult', apiKey: subKey });
      await http.call({ method: 'POST', path: '/credits/consult', apiKey: subKey, keyPlacement: 'body', json: {} });
      await http.call({
        method: 'GET',
        path: '/v1/sms/send',
        apiKey: subKey,
        keyPlacement: 'query',
        query: { mensaje: 'hola', numcelular: '5512345678', numregion: 52 },
      });
      // Learned: the key inside ordinary text (no apikey field) is redacted too, request and response.
      const echoed = await echo.call({ method: 'POST', path: '/echo', json: { note: `mine is ${subKey}` } });
      expect(echoed.text).toContain(subKey);
      expect(echoed.exchange.requestBody).toContain(REDACTED);

      expect(exchanges).toHaveLength(6);
      const recorded = everything(exchanges);
      expect(recorded).not.toContain(subKey);
      expect(recorded).not.toContain(server.keys.manager);
      expect(redactor.redact(subKey)).toBe(REDACTED);
    } finally {
      await scripted.close();
    }
  });
});

describe('redaction of keys (5.1, 5.5, 4.11): odd bodies', () => {
  it('never throws on odd bodies and still hides the key', () => {
    const key = `${'k'.repeat(12)}0123456789`;
    const redactor = createRedactor([]);
    const base = exchangeOf({ method: 'POST' });
    const deep = `${'['.repeat(5000)}{"apikey":"${key}"}${']'.repeat(5000)}`;
    const bodies = [
      '\u0000\u00ff\ufffd binary \ud800',
      '{"apikey": "unterminated',
      'apikey=%E0%A4%A&x=1',
      `{"api\\u006bey":"${key}"}`,
      `{"data":{"list":[{"ApiKey":"${key}"}]}}`,
      deep,
    ];
    for (const body of bodies) {
      // A fresh redactor each time: the key must be found in this body, not remembered from another.
      const out = createRedactor([]).redactExchange({ ...base, requestBody: body, responseBody: body });
      expect(JSON.stringify(out)).not.toContain(key);
    }
    const truncated = createRedactor([]).redactExchange({
      ...base,
      responseBody: `{"apikey":"${key}","email":"a@b.c`,
      responseHeaders: { 'content-type': 'application/json' },
    });
    expect(truncated.responseBody).toBe(`{"apikey":"${REDACTED}","email":"a@b.c`);
    const headers = redactor.redactExchange({
      ...base,
      requestHeaders: { Authorization: `Bearer ${key}`, token: 'jwt', accept: 'application/json' },
      responseBody: `unknown key ${key}`,
    });
    expect(headers.requestHeaders).toEqual({ Authorization: REDACTED, token: REDACTED, accept: 'application/json' });
    expect(headers.responseBody).toBe(`unknown key ${REDACTED}`);
    // The form with broken percent-encoding keeps its other fields.
    expect(redactor.redactExchange({ ...base, requestBody: 'apikey=%E0%A4%A&x=1' }).requestBody).toBe(`apikey=${REDACTED}&x=1`);
    // A short wrong key (auth_05 tests) is redacted in its field, but not learned for all text.
    const short = redactor.redactExchange({ ...base, requestBody: '{"apikey":"x","text":"x marks"}' });
    expect(short.requestBody).toBe(`{"apikey":"${REDACTED}","text":"x marks"}`);
  });
});
