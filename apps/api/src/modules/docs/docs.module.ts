import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DocsController } from './docs.controller.js';

/** The API documented: GET /api/docs (the reference UI) and /api/docs/openapi.json (the OpenAPI 3.1 document). */
@Module({ imports: [DiscoveryModule], controllers: [DocsController] })
export class DocsModule {}
