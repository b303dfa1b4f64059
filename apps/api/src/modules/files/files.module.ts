import { Module } from '@nestjs/common';
import { FilesController, UploadsController } from './files.controller.js';
import { FilesRepository } from './files.repository.js';
import { FilesService } from './files.service.js';

/** Uploaded photos (KYC, parcels): the upload checks, where they are kept, and who may see them. */
@Module({
  controllers: [UploadsController, FilesController],
  providers: [FilesService, FilesRepository],
  exports: [FilesService],
})
export class FilesModule {}
