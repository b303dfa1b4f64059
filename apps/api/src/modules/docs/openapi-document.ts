import { OpenApiGeneratorV31, OpenAPIRegistry, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { OpenApiDocument, RouteKey } from '@coursa/contracts';
import { ApiErrorSchema } from '@coursa/contracts/schemas';
import { ROLES } from '@coursa/domain';
import { z } from 'zod';
import { COMMON_MESSAGES, DomainError } from '../../common/errors/domain-error.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { ApiKeyErrors } from '../api-keys/api-keys.errors.js';
import { AuthErrors } from '../auth/auth.errors.js';
import type { DocumentedRoute } from './documented-routes.js';
import { ANSWER_EXAMPLES, ANSWER_SCHEMAS, BODY_EXAMPLES, NON_JSON_ANSWERS, OPTIONAL_BODY_EXAMPLES, OTHER_SUCCESSES, UPLOADS, type NonJsonAnswer } from './route-examples.js';

/** The name of the bearer scheme in the document; a route's roles are listed in its security requirement. */
export const BEARER = 'bearer';
/** A merchant's API key (issue 40): a route that takes one names the permission it needs in its requirement. */
export const API_KEY = 'apiKey';

type ErrorExample = { detail: string; code: string; request_id?: string };

/** A DomainError thrown by `run`, as the API answers it; undefined when it ran without one. */
function errorOf(run: () => unknown): DomainError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
  }
  return undefined;
}

const answerOf = (error: DomainError): ErrorExample => ({ detail: error.detail, code: error.code });

/**
 * What a route's validation answers, found by feeding its own pipes inputs they refuse: an empty body, a field it
 * does not know, a page size it refuses, and a NUL character, which every pipe refuses.
 */
function validationExample(route: DocumentedRoute): ErrorExample | undefined {
  const pipes = [route.body, route.query].filter((pipe): pipe is ZodPipe<z.ZodType> => pipe !== undefined);
  const inputs: unknown[] = [{}, { champ_inconnu: true }, { limit: '0' }, { texte: 'a\u0000b' }];
  for (const pipe of pipes) {
    for (const input of inputs) {
      const error = errorOf(() => pipe.transform(input));
      if (error?.status === 400) return answerOf(error);
    }
  }
  // A path parameter whose pipe refuses a NUL character with a 400.
  for (const { pipe } of route.params) {
    const error = pipe && errorOf(() => pipe.transform('a\u0000b', { type: 'param' }));
    if (error?.status === 400) return answerOf(error);
  }
  return undefined;
}

/** The 404 of a route whose path names something: what its parameter pipe answers for an id that cannot exist. */
function notFoundExample(route: DocumentedRoute): ErrorExample | undefined {
  for (const { pipe } of route.params) {
    const error = pipe && errorOf(() => pipe.transform('inconnu', { type: 'param' }));
    if (error?.status === 404) return answerOf(error);
  }
  return undefined;
}

const errorResponse = (description: string, examples: Record<string, ErrorExample>): ResponseConfig => ({
  description,
  content: {
    'application/json': {
      schema: ApiErrorSchema,
      examples: Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }])),
    },
  },
});

/** The error answers a route can give, each with the API's `{detail, code}` shape and real examples. */
function errorResponses(route: DocumentedRoute): Record<string, ResponseConfig> {
  const responses: Record<string, ResponseConfig> = {};
  const invalid = validationExample(route);
  if (invalid) responses[400] = errorResponse('La requête ne respecte pas son schéma (le premier problème trouvé).', { validation: invalid });
  const scope = route.apiKeyScope;
  if (route.access.kind !== 'public') {
    responses[401] = errorResponse(scope ? 'Sans jeton ni clé d’API valides (absents, expirés, révoqués, ou compte désactivé).' : 'Sans jeton valide (absent, expiré, ou compte désactivé).', {
      missing: { detail: COMMON_MESSAGES.unauthenticated, code: 'UNAUTHENTICATED' },
      expired: answerOf(AuthErrors.sessionExpired()),
      disabled: { detail: AuthErrors.disabled().detail, code: 'ACCOUNT_DISABLED' },
      ...(scope && { api_key_invalid: answerOf(ApiKeyErrors.invalid()), api_key_revoked: answerOf(ApiKeyErrors.revoked()), api_key_expired: answerOf(ApiKeyErrors.expired()) }),
    });
  }
  if (route.access.kind === 'roles') {
    responses[403] = errorResponse(scope ? `Pour un autre rôle que ${route.access.roles.join(', ')}, ou une clé d’API sans la permission « ${scope} ».` : `Pour un autre rôle que ${route.access.roles.join(', ')}.`, {
      forbidden: { detail: COMMON_MESSAGES.forbidden, code: 'FORBIDDEN' },
      ...(scope && { api_key_scope: answerOf(ApiKeyErrors.scopeMissing(scope)) }),
    });
  }
  if (scope) {
    responses[429] = errorResponse('Une clé d’API a sa propre limite de requêtes par minute : réessayer après `Retry-After` secondes.', {
      rate_limited: { detail: 'Trop de requêtes avec cette clé d’API (au plus 120 par minute) : réessayez dans 42 s.', code: 'RATE_LIMITED' },
    });
  }
  const missing = notFoundExample(route);
  if (missing) responses[404] = errorResponse("Ce que l'adresse nomme n'existe pas, ou pas pour l'appelant.", { not_found: missing });
  responses[500] = errorResponse("Une erreur inattendue : journalisée avec l'identifiant de la requête.", {
    internal: { detail: COMMON_MESSAGES.internal, code: 'INTERNAL_ERROR', request_id: '3f2a9c4e-8b1d-4e6f-9a7c-2d5b8e1f0a63' },
  });
  return responses;
}

function successResponse(route: DocumentedRoute): Record<string, ResponseConfig> {
  const key = route.key as RouteKey;
  const other = (NON_JSON_ANSWERS as Partial<Record<RouteKey, NonJsonAnswer>>)[key];
  if (other?.kind === 'redirect') {
    return { 303: { description: other.description, headers: { Location: { description: 'Où le navigateur va ensuite.', schema: { type: 'string' } } } } };
  }
  if (other) {
    const schema = other.kind === 'page' ? { type: 'string' as const } : { type: 'string' as const, contentMediaType: other.types[0] };
    const types = other.kind === 'page' ? ['text/html'] : other.types;
    return { [route.status]: { description: other.description, content: Object.fromEntries(types.map((type: string) => [type, { schema }])) } };
  }
  const example = (ANSWER_EXAMPLES as Partial<Record<RouteKey, unknown>>)[key];
  // An answer without a schema of its own is described by its example (its type is in the contracts' route map).
  const schema = (ANSWER_SCHEMAS as Partial<Record<RouteKey, z.ZodType>>)[key] ?? {};
  const response: ResponseConfig = { description: 'La réponse, en JSON.', content: { 'application/json': { schema, example } } };
  if (isPaged(route)) response.headers = PAGE_HEADERS;
  const also = OTHER_SUCCESSES[key];
  const second = also && { [also.status]: { description: also.description, content: { 'application/json': { schema: {}, example: also.example } } } };
  return { [route.status]: response, ...second };
}

/** A list read in pages: its query takes a `cursor` (README "Lists come in pages"). */
function isPaged(route: DocumentedRoute): boolean {
  const query = route.query?.schema;
  return query instanceof z.ZodObject && 'cursor' in query.shape;
}

/** Where a page of a list sits (`PageReply`): the next page's address, and how many items match where a screen counts them. */
const PAGE_HEADERS: ResponseConfig['headers'] = {
  Link: {
    description: "L'adresse de la page suivante (RFC 8288), absente sur la dernière page : `</api/courses?limit=20&cursor=…>; rel=\"next\"`.",
    schema: { type: 'string' },
  },
  'X-Total-Count': {
    description: "Le nombre d'éléments de la liste entière, sur les listes dont l'écran les compte.",
    schema: { type: 'integer', minimum: 0 },
  },
};

const ROLE_TEXT = { public: 'Sans compte.', 'signed-in': 'Tout compte connecté (jeton bearer).' } as const;

function operation(route: DocumentedRoute): RouteConfig {
  const key = route.key as RouteKey;
  const params = route.params.map(({ name, pipe }) => [name, pipe instanceof ZodPipe ? (pipe.schema as z.ZodType) : z.string()] as const);
  const upload = (UPLOADS as Partial<Record<RouteKey, string>>)[key];
  const roles = route.access.kind === 'roles' ? route.access.roles : [];
  return {
    method: route.method.toLowerCase() as RouteConfig['method'],
    path: route.path.replace(/:(\w+)/g, '{$1}'),
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.key,
    description: `${route.access.kind === 'roles' ? `Rôles : ${roles.join(', ')}.` : ROLE_TEXT[route.access.kind]}${
      route.apiKeyScope ? ` Ou une clé d’API de marchand ayant la permission « ${route.apiKeyScope} ».` : ''
    }`,
    // A route that takes a merchant's API key has a second requirement, either one lets in.
    security: route.access.kind === 'public' ? [] : [{ [BEARER]: roles }, ...(route.apiKeyScope ? [{ [API_KEY]: [route.apiKeyScope] }] : [])],
    // Who may call it, spelled out: the roles listed, or every role for a route open to any account.
    ...(route.access.kind === 'public' ? {} : { 'x-roles': roles.length ? roles : [...ROLES] }),
    request: {
      params: params.length ? z.object(Object.fromEntries(params)) : undefined,
      query: route.query?.schema as z.ZodObject | undefined,
      body: upload
        ? {
            description: upload,
            required: true,
            content: { 'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) } },
          }
        : route.body
          ? {
              // A body whose fields are all optional may be left out.
              required: !route.body.schema.safeParse({}).success,
              content: { 'application/json': { schema: route.body.schema, example: (BODY_EXAMPLES as Partial<Record<RouteKey, unknown>>)[key] ?? OPTIONAL_BODY_EXAMPLES[key] } },
            }
          : undefined,
    },
    responses: { ...successResponse(route), ...errorResponses(route) },
  };
}

/** The OpenAPI 3.1 document of these routes: their schemas, who may call them, their answers and errors. */
export function openApiDocument(routes: DocumentedRoute[]): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "Le jeton d'accès de POST /api/auth/login. Une route réservée à certains rôles les liste dans son exigence de sécurité.",
  });
  registry.registerComponent('securitySchemes', API_KEY, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'cs_live_…',
    description:
      'Une clé d’API de marchand (`Authorization: Bearer cs_live_…`), créée dans l’espace marchand et montrée une seule fois. ' +
      'Seules les routes /api/v1 qui la nomment l’acceptent, avec la permission indiquée (deliveries:write, deliveries:read, webhooks:manage) ; ' +
      'toute autre route la refuse (403). Chaque clé a sa limite de requêtes par minute (429 avec Retry-After).',
  });
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) registry.registerPath(operation(route));
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Coursa API',
      version: '1.0.0',
      description:
        'Les routes de Coursa, générées des schémas zod avec lesquels elles valident leurs requêtes (@coursa/contracts). ' +
        'Chaque erreur répond `{ detail, code }`, `detail` en français.',
    },
  });
  return { ...document, paths: document.paths ?? {} };
}
