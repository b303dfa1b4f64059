import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OpenApiDocument } from '@coursa/contracts';
import { MONEY_ROLES, ROLES, STAFF_ROLES } from '@coursa/domain';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The OpenAPI document the API serves: every route it registers is in it, with who may call it, its error answers in
// the API's `{detail, code}` shape and examples; and the document is valid OpenAPI 3.1.

interface Example {
  value?: unknown;
}
interface Media {
  schema?: { $ref?: string };
  example?: unknown;
  examples?: Record<string, Example>;
}
interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  'x-roles'?: string[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media>; headers?: Record<string, unknown> }>;
}

let app: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  app = await startTestApp();
  const answer = await app.request<OpenApiDocument>('GET', '/api/docs/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
});
afterAll(async () => {
  await app?.close();
});

const operationOf = (key: string): Operation | undefined => {
  const [method, path] = key.split(' ') as [string, string];
  return (document.paths[path.replace(/:(\w+)/g, '{$1}')] as Record<string, Operation> | undefined)?.[method.toLowerCase()];
};
const registered = () => app.routes.map((route) => `${route.method} ${route.url}`);
const examplesOf = (media: Media | undefined): unknown[] => (media ? [media.example, ...Object.values(media.examples ?? {}).map((example) => example.value)].filter((value) => value !== undefined) : []);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate({ ...document } as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every route the API registers, and no route it does not', () => {
    expect(registered().filter((key) => !operationOf(key))).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(documented.filter((key) => !registered().includes(key))).toEqual([]);
  });

  it('says who may call each route: nobody signed in, any account, or the roles listed', () => {
    expect(document.components).toMatchObject({ securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } });
    for (const key of registered()) {
      const operation = operationOf(key)!;
      expect(Array.isArray(operation.security)).toBe(true);
      if (operation.security.length) {
        // A session's bearer token, or also a merchant's API key of the route's permission (issue 40).
        expect(operation.security).toEqual(operation.security.length === 2 ? [{ bearer: expect.any(Array) }, { apiKey: [expect.any(String)] }] : [{ bearer: expect.any(Array) }]);
        expect(operation['x-roles']!.every((role) => (ROLES as readonly string[]).includes(role))).toBe(true);
        expect(operation.responses['401']).toBeDefined();
      } else {
        expect(operation.responses['401']).toBeUndefined();
      }
      // A route restricted to some roles says which, and answers the others 403.
      const roles = operation.security[0]?.bearer ?? [];
      if (roles.length) expect(operation.responses['403']).toBeDefined();
    }
    // As the controllers declare them (the authorization matrix checks the answers themselves).
    expect(operationOf('POST /api/auth/login')!.security).toEqual([]);
    expect(operationOf('GET /api/auth/me')!.security).toEqual([{ bearer: [] }]);
    expect(operationOf('GET /api/auth/me')!['x-roles']).toEqual([...ROLES]);
    expect(operationOf('GET /api/admin/users')!.security).toEqual([{ bearer: [...STAFF_ROLES] }]);
    expect(operationOf('POST /api/admin/commissions/process-payment')!.security).toEqual([{ bearer: [...MONEY_ROLES] }]);
    expect(operationOf('POST /api/courses')!.security).toEqual([{ bearer: ['client'] }]);
  });

  it("describes a merchant's API key (issue 40): the routes that take one name the permission they need, and its refusals", () => {
    expect(document.components).toMatchObject({ securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'cs_live_…' } } });
    expect(operationOf('POST /api/v1/deliveries')!.security).toEqual([{ bearer: ['client'] }, { apiKey: ['deliveries:write'] }]);
    expect(operationOf('GET /api/v1/deliveries/:id')!.security).toEqual([{ bearer: ['client'] }, { apiKey: ['deliveries:read'] }]);
    // Managing keys takes a session: a key is refused there.
    expect(operationOf('POST /api/merchant/api-keys')!.security).toEqual([{ bearer: ['client'] }]);
    const created = operationOf('POST /api/v1/deliveries')!.responses;
    const codes = (status: string) => examplesOf(created[status]!.content!['application/json']).map((example) => (example as { code: string }).code);
    expect(codes('401')).toEqual(expect.arrayContaining(['API_KEY_INVALID', 'API_KEY_REVOKED', 'API_KEY_EXPIRED']));
    expect(codes('403')).toEqual(expect.arrayContaining(['API_KEY_SCOPE_MISSING']));
    expect(codes('429')).toEqual(['RATE_LIMITED']);
    expect(operationOf('POST /api/courses')!.responses['429']).toBeUndefined();
  });

  it('gives each route its error answers in the API error shape, each with an example', () => {
    expect(document.components).toMatchObject({ schemas: { ApiError: { type: 'object', required: ['detail', 'code'] } } });
    for (const key of registered()) {
      const errors = Object.entries(operationOf(key)!.responses).filter(([status]) => Number(status) >= 400);
      expect(errors.length).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        const media = response.content!['application/json'];
        expect(media?.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
        const examples = examplesOf(media);
        expect(examples.length).toBeGreaterThan(0);
        for (const example of examples) expect(example).toEqual(expect.objectContaining({ detail: expect.any(String), code: expect.any(String) }));
        if (status === '500') expect(examples[0]).toMatchObject({ code: 'INTERNAL_ERROR', request_id: expect.any(String) });
      }
    }
  });

  it("takes its examples from the API's real answers: the French validation message, the route's own 404", async () => {
    const login = operationOf('POST /api/auth/login')!;
    const refused = await app.request('POST', '/api/auth/login', {});
    expect(examplesOf(login.responses['400']!.content!['application/json'])).toEqual([refused.body]);
    const course = operationOf('GET /api/courses/:id')!;
    expect(examplesOf(course.responses['404']!.content!['application/json'])).toEqual([{ detail: 'Course introuvable.', code: 'COURSE_NOT_FOUND' }]);
  });

  it('has an example of every JSON body and every JSON answer', () => {
    for (const key of registered()) {
      const operation = operationOf(key)!;
      const body = operation.requestBody?.content['application/json'];
      if (body) expect({ key, examples: examplesOf(body).length }).toEqual({ key, examples: 1 });
      const success = Object.entries(operation.responses).find(([status]) => Number(status) < 400)!;
      expect(success).toBeDefined();
      const answer = success[1].content?.['application/json'];
      if (answer) expect({ key, examples: examplesOf(answer).length }).toEqual({ key, examples: 1 });
    }
  });

  it('describes an answer defined by a zod schema in the contracts with that schema', () => {
    const answer = (key: string) => operationOf(key)!.responses['200']!.content!['application/json']!;
    expect(answer('GET /api/auth/me').schema).toEqual({ $ref: '#/components/schemas/User' });
    expect(answer('POST /api/auth/login').schema).toEqual({ $ref: '#/components/schemas/Session' });
    expect(document.components).toMatchObject({ schemas: { User: { type: 'object', required: expect.arrayContaining(['id', 'role']) } } });
  });

  it("documents a list's query string: its filter, and the page's limit and cursor", () => {
    const list = operationOf('GET /api/courses')!;
    const query = (list as unknown as { parameters: { name: string; in: string }[] }).parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    expect(query).toEqual(expect.arrayContaining(['limit', 'cursor', 'status']));
  });

  it('documents the back office search (`q`, issue 38) with an example, on the course and user lists', () => {
    const search = (key: string) =>
      (operationOf(key) as unknown as { parameters: { name: string; in: string; description?: string; example?: unknown; schema?: { example?: unknown; description?: string } }[] }).parameters.find(
        (parameter) => parameter.in === 'query' && parameter.name === 'q',
      );
    for (const [list, example] of [['GET /api/admin/courses', 'CRS-000123'], ['GET /api/admin/users', '+224 622 12 34 56']] as const) {
      const q = search(list);
      expect({ list, example: q?.example ?? q?.schema?.example, described: /^Recherche : /.test(q?.description ?? q?.schema?.description ?? '') }).toEqual({ list, example, described: true });
    }
    expect(search('GET /api/courses')).toBeUndefined();
  });

  it("says where a list's page sits: the Link to the next page and the total, in headers", () => {
    const headersOf = (key: string) => Object.keys(((operationOf(key) as unknown as { responses: Record<string, { headers?: object }> }).responses['200']!.headers ?? {}));
    for (const list of ['GET /api/courses', 'GET /api/admin/courses', 'GET /api/delivery/history', 'GET /api/delivery/available-courses', 'GET /api/admin/users']) {
      expect(headersOf(list)).toEqual(['Link', 'X-Total-Count']);
    }
    expect(headersOf('GET /api/auth/me')).toEqual([]);
  });
});

describe('the reference UI', () => {
  it('is served by the API itself, with nothing loaded from elsewhere', async () => {
    const page = await fetch(`${app.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map(([, path]) => path!);
    expect(assets).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/coursa-docs.js']);
    // Each answer read to its end: an unread one would hold its connection open.
    const get = async (path: string) => {
      const response = await fetch(`${app.baseUrl}${path}`);
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    };
    for (const asset of assets) expect(await get(asset)).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/(css|javascript)/) });
    expect((await get('/api/docs/coursa-docs.js')).text).toContain("url: '/api/docs/openapi.json'");
    expect((await get('/api/docs/package.json')).status).toBe(404);
  });
});
