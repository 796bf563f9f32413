import { count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages, users } from '../../server/db/schema';
import { handlers } from '../../server/handlers';
import { registrationForm } from '../support/fixtures';
import { createTestApi, expectFieldRefused, expectFieldsRefused, type TestApi } from './support/api';
import { createCustomer } from './support/money';

const PASSWORD_RULE =
  'Password must be 6 to 12 characters with at least 1 lower case [a-z], 1 upper case [A-Z] and 1 numeric [0-9], and no spaces';

const valid = { ...registrationForm, email: 'alex.stone@example.com' };

/** What the stub `register` handler received: validation must hand bodies over unchanged. */
let received: unknown[] = [];

const stubs = {
  ...handlers,
  register: async (request: FastifyRequest, reply: { code(status: number): unknown }) => {
    received.push(request.body);
    reply.code(201);
    return {
      status: 'OK',
      message: 'Registered',
      access_token: 'q3Zf8m1VxT0bN7cLkPa9sRw2yHdEuGj4oXiB6tQnMv5',
      token_type: 'Bearer',
      expires_at: '2026-12-21T10:00:00.000Z',
      emailVerified: false,
    };
  },
};

let api: TestApi;
let langDe = 0;
beforeAll(async () => {
  api = await createTestApi({ handlers: stubs });
  const [de] = await api.database.db.select().from(languages).where(eq(languages.code, 'de'));
  langDe = de?.id ?? 0;
}, 60_000);
afterAll(async () => {
  await api.close();
});

/** A 422 that refuses one field, with that field's message as the answer's message. */
async function register(body: unknown) {
  received = [];
  return api.call('register', { body });
}

describe('requests with nothing to name a field by answer 400', () => {
  it('refuses a body that is not JSON', async () => {
    const res = await api.call('register', { payload: '{"name": "Alex",' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'ERROR', message: 'The request body is not valid JSON' });
  });

  it('refuses a body that is not an object, or none at all', async () => {
    expect((await register([valid])).body).toEqual({
      status: 'ERROR',
      message: 'The request body must be a JSON object',
    });
    const none = await api.call('register');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ status: 'ERROR', message: 'A request body is required' });
  });

  it('refuses a JSON null as any other body that is not an object, also where the body is optional', async () => {
    const { id, token } = await createCustomer(api.database.db);
    for (const operationId of ['logout', 'clearCart', 'register']) {
      const res = await api.call(operationId, { payload: 'null', contentType: 'application/json', token });
      expect(res.status, operationId).toBe(400);
      expect(res.body).toEqual({ status: 'ERROR', message: 'The request body must be a JSON object' });
    }
    expect((await api.call('checkAuth', { token })).status).toBe(200);
    await api.database.db.delete(users).where(eq(users.id, id));
  });

  it('refuses a JSON body in a charset other than UTF-8 instead of misreading it', async () => {
    for (const charset of ['utf-16', 'UTF-16LE', 'iso-8859-1', '"latin1"']) {
      const res = await api.call('register', {
        payload: JSON.stringify(valid),
        contentType: `application/json; charset=${charset}`,
      });
      expect(res.status, charset).toBe(400);
      expect(res.body).toMatchObject({ message: expect.stringContaining('Unsupported content type') });
    }
    expect(received).toEqual([]);
    for (const charset of ['utf-8', 'UTF-8', '"utf-8"', 'utf8']) {
      const res = await api.call('register', {
        payload: JSON.stringify(valid),
        contentType: `application/json; charset=${charset}`,
      });
      expect(res.status, charset).toBe(201);
    }
    received = [];
  });

  it('refuses other content types', async () => {
    const text = await api.call('register', { payload: JSON.stringify(valid), contentType: 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({
      message: expect.stringContaining("Unsupported content type 'text/plain"),
    });
    const form = await api.call('register', {
      payload: 'name=Alex',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
    expect(received).toEqual([]);
  });

  it('refuses a multipart form where an operation takes JSON, also where the body is optional', async () => {
    const { token } = await createCustomer(api.database.db);
    const form = new FormData();
    form.append('name', 'Alex');
    for (const operationId of ['logout', 'register']) {
      const res = await api.call(operationId, { form, token });
      expect(res.status, operationId).toBe(400);
      expect(res.body, operationId).toEqual({
        status: 'ERROR',
        message: "Unsupported content type 'multipart/form-data'; send application/json",
      });
    }
    expect((await api.call('checkAuth', { token })).status).toBe(200);
    expect(received).toEqual([]);
  });

  it('refuses an oversized body with 400', async () => {
    const res = await register({ ...valid, city: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'ERROR', message: 'Request body is too large' });
  });

  it('refuses prototype poisoning', async () => {
    const res = await api.call('register', { payload: `{"__proto__": {"admin": true}, "name": "Alex"}` });
    expect(res.status).toBe(400);
    expect(received).toEqual([]);
  });

  it('refuses a bad path parameter', async () => {
    const page = await api.call('getStaticPage', { params: { idOrSlug: 'Not a slug!' } });
    expect(page.status).toBe(400);
    expect(page.body).toEqual({ status: 'ERROR', message: "Invalid value for parameter 'idOrSlug'" });
  });

  it('refuses a path parameter over the length limit in the envelope, not with a 414', async () => {
    const page = await api.call('getStaticPage', { params: { idOrSlug: 'x'.repeat(300) } });
    expect(page.status).toBe(400);
    expect(page.body).toEqual({
      status: 'ERROR',
      message: 'A part of the address of the request is too long',
    });
  });

  it('coerces query parameters', async () => {
    expect((await api.call('health', { query: { lang_id: '1' } })).status).toBe(200);
  });
});

describe('a body or query field that fails the schema answers 422 with errors by field', () => {
  it('names a missing field', async () => {
    const { city: _city, ...rest } = valid;
    const res = await register(rest);
    expectFieldRefused(res, 'city', 'City is required');
    const { name: _name, ...noName } = valid;
    expectFieldRefused(await register(noName), 'name', 'Name is required');
  });

  it('names an unknown field', async () => {
    const res = await register({ ...valid, nickname: 'steve' });
    expectFieldRefused(res, 'nickname', "Unknown field 'nickname'");
  });

  it('names a wrong type without coercing it', async () => {
    const res = await register({ ...valid, country: '83' });
    expectFieldRefused(res, 'country', "Field 'country' must be an integer");
    const nullable = await register({ ...valid, name: null });
    expect(nullable.status).toBe(422);
    expect(nullable.body).toMatchObject({ errors: { name: ["Field 'name' must be a string"] } });
  });

  it('names a bad query parameter', async () => {
    const page = await api.call('listProducts', { query: { page: 'abc' } });
    expectFieldRefused(page, 'page', "Field 'page' must be an integer");
    const perPage = await api.call('listProducts', { query: { per_page: 0 } });
    expect(perPage.status).toBe(422);
    expect(perPage.body).toMatchObject({ errors: { per_page: [expect.any(String)] } });
    const lang = await api.call('health', { query: { lang_id: -1 } });
    expect(lang.status).toBe(422);
    expect(lang.body).toMatchObject({ errors: { lang_id: ['Language must be at least 1'] } });
  });

  it('names a bad lang_id or currency in a body that has nothing else', async () => {
    const customer = await api.call('login', { body: { username: 'a@b.cd', password: 'x', lang_id: 0 } });
    expect(customer.status).toBe(422);
    expect(customer.body).toMatchObject({ errors: { lang_id: ['Language must be at least 1'] } });
    const currency = await register({ ...valid, currency: 'euro' });
    expect(currency.status).toBe(422);
    expect(currency.body).toMatchObject({ errors: { currency: ['Currency is not valid'] } });
  });

  it('explains the password rule', async () => {
    const res = await register({ ...valid, password: 'abc', password_confirmation: 'abc' });
    expectFieldRefused(res, 'password', PASSWORD_RULE);
    for (const password of ['diamond7', 'DIAMOND7', 'Diamonds', 'Diamond 7', 'Diamond7Diamond7']) {
      const other = await register({ ...valid, password, password_confirmation: password });
      expectFieldRefused(other, 'password', PASSWORD_RULE, password);
    }
  });

  it('asks for a valid email address', async () => {
    const res = await register({ ...valid, email: 'not-an-email' });
    expectFieldRefused(res, 'email', 'Please enter a valid email address');
  });

  it('names a field that is too long, or empty', async () => {
    const long = await register({ ...valid, name: 'x'.repeat(101) });
    expect(long.status).toBe(422);
    expect(long.body).toMatchObject({ errors: { name: ['Name may not be longer than 100 characters'] } });
    const empty = await register({ ...valid, email: '', password_confirmation: '' });
    expectFieldsRefused(empty, {
      email: ['Email is required'],
      password_confirmation: ['Please confirm your password'],
    });
  });

  it('reports every broken field, the first as the message', async () => {
    const res = await register({ ...valid, surname: '', phoneE164: '12345', city: 'y'.repeat(101) });
    expectFieldsRefused(res, {
      surname: ['Surname is required'],
      phoneE164: ['Please enter a valid phone number'],
      city: ['City may not be longer than 100 characters'],
    });
    expect(received).toEqual([]);
  });

  it('names an unknown field that shares its name with a property of every object', async () => {
    for (const name of ['constructor', 'valueOf', 'toString', 'hasOwnProperty']) {
      const res = await register({ ...valid, [name]: 1 });
      expect(res.status, name).toBe(422);
      expect(res.body, name).toMatchObject({ errors: { [name]: [`Unknown field '${name}'`] } });
    }
    // The sandbox form, whose fields arrive as a urlencoded body (found by the fuzz suite).
    const form = await api.call('sandboxPaymentDecision', {
      params: { ref: 'pay_AbCdEfGh12345678' },
      payload: 'valueOf',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(422);
    expect(form.body).toMatchObject({ errors: { valueOf: ["Unknown field 'valueOf'"] } });
  });

  it('reports an unknown field beside the broken rules', async () => {
    const res = await register({ ...valid, password: 'abc', password_confirmation: 'abc', extra: 1 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      errors: { password: [PASSWORD_RULE], extra: ["Unknown field 'extra'"] },
    });
  });

  it('answers in the language of lang_id', async () => {
    const res = await register({ ...valid, email: 'nope', lang_id: langDe });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: 'Bitte gib eine gültige E-Mail-Adresse ein' });
    const unknown = await register({ ...valid, nickname: 'x', lang_id: langDe });
    expect(unknown.body).toMatchObject({ status: 'ERROR', message: "Unbekanntes Feld 'nickname'" });
    const { name: _name, ...noName } = valid;
    expect((await register({ ...noName, lang_id: langDe })).body).toMatchObject({
      errors: { name: ['Vorname ist erforderlich'] },
    });
  });
});

describe('valid input passes unchanged', () => {
  it('keeps SQL-looking and unicode strings exactly as sent', async () => {
    const body = {
      ...valid,
      name: "Robert'); DROP TABLE users;--",
      surname: 'Ñúñez-Ødegård 山田 🚀',
      city: '" OR 1=1 -- <script>alert(1)</script>',
      email: 'o.brien+shop@example.com',
      lang_id: 1,
      currency: 'EUR',
    };
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(received).toEqual([body]);
    // The stand-in handler stored nothing (the demo seed's operator is the only account).
    expect(
      await api.database.db.select({ n: count() }).from(users).where(eq(users.email, body.email)),
    ).toEqual([{ n: 0 }]);
  });
});
