import { Controller, Get, Param, Res, type Type } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { RouteAnswer } from '@coursa/contracts';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Public } from '../../common/auth/auth.decorators.js';
import { notFound } from '../../common/errors/domain-error.js';
import { documentedRoutes } from './documented-routes.js';
import { openApiDocument } from './openapi-document.js';

const DOCS = '/api/docs';

/** Swagger UI's files, served from the API itself: the reference page loads nothing from elsewhere. */
const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const FILES: Record<string, { type: string; content: () => string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', content: () => readFileSync(join(swaggerUi, 'swagger-ui.css'), 'utf8') },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', content: () => readFileSync(join(swaggerUi, 'swagger-ui-bundle.js'), 'utf8') },
  // The page's own script is a file too: the Content-Security-Policy allows no inline script. No validator badge
  // (it would send the document to swagger.io).
  'coursa-docs.js': {
    type: 'text/javascript; charset=utf-8',
    content: () =>
      `window.ui = SwaggerUIBundle({ url: '${DOCS}/openapi.json', dom_id: '#docs', deepLinking: true, validatorUrl: null, persistAuthorization: false });\n`,
  },
};

const PAGE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Coursa — référence de l'API</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${DOCS}/swagger-ui.css" />
  </head>
  <body>
    <main id="docs"></main>
    <script src="${DOCS}/swagger-ui-bundle.js"></script>
    <script src="${DOCS}/coursa-docs.js"></script>
  </body>
</html>
`;

/** The API's OpenAPI document and its reference UI, open to all like the API's routes list would be. */
@Public()
@Controller('docs')
export class DocsController {
  private document?: RouteAnswer<'GET /api/docs/openapi.json'>;
  private readonly files = new Map<string, string>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  @Get()
  page(@Res() reply: FastifyReply) {
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE);
  }

  /** Built once, on first request, from the controllers' own decorators and pipes. */
  @Get('openapi.json')
  openApi(): RouteAnswer<'GET /api/docs/openapi.json'> {
    if (!this.document) {
      const controllers = [...new Set(this.discovery.getControllers().map((wrapper) => wrapper.metatype as Type<unknown>))];
      this.document = openApiDocument(documentedRoutes(controllers, this.reflector));
    }
    return this.document;
  }

  @Get(':file')
  file(@Param('file') name: string, @Res() reply: FastifyReply) {
    const file = Object.hasOwn(FILES, name) ? FILES[name] : undefined;
    if (!file) throw notFound('NOT_FOUND', "Cette adresse n'existe pas.");
    if (!this.files.has(name)) this.files.set(name, file.content());
    return reply.type(file.type).header('cache-control', 'no-cache').send(this.files.get(name));
  }
}
