import { MAX_PHOTO_BYTES } from '@coursa/domain';
import { FileStreamInterceptor } from '@nestjs/platform-fastify/multipart';

/**
 * The photo is streamed, never buffered whole: the parser stops it once it passes the limit. The limit is the photo
 * routes' only (here and the courier's proof photo in modules/delivery); every other body keeps the application's own.
 */
export const PhotoUpload = FileStreamInterceptor('file', { limits: { fileSize: MAX_PHOTO_BYTES } });
