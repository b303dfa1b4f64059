import type { FastifyCompressOptions } from '@fastify/compress';
import { constants } from 'node:zlib';

/**
 * What the API compresses itself (issue 35, README « Compression »): its JSON answers and other text, above a
 * kilobyte. Not images nor PDF receipts, which are compressed already (compressing them again costs CPU for nothing),
 * nor the built web app, whose files are compressed once at build time (@fastify/static's preCompressed sends them
 * with their Content-Encoding, which this plugin leaves alone), nor Socket.IO, which answers outside Fastify.
 */
export const COMPRESSIBLE_TYPE = /^(text\/(?!event-stream)|application\/([\w.+-]+\+)?(json|xml|javascript)(;|$)|application\/manifest\+json|image\/svg\+xml)/;

/**
 * Brotli quality 5: measured on a real page of 50 courses (README « Compression »), quality 5 keeps nearly all of
 * what 11 saves at a small part of its CPU time; gzip (for browsers without Brotli) at zlib's default level.
 */
export const BROTLI_QUALITY = 5;

export const COMPRESSION_OPTIONS: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  customTypes: COMPRESSIBLE_TYPE,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  zlibOptions: { level: constants.Z_DEFAULT_COMPRESSION },
};
