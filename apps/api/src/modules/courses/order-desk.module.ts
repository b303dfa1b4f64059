import { Module } from '@nestjs/common';
import { CoursesRepository } from './courses.repository.js';
import { FilesModule } from '../files/files.module.js';
import { LoyaltyModule } from '../loyalty/loyalty.module.js';
import { PlaceSearchModule } from '../places/place-search.module.js';
import { OrderDesk } from './order-desk.service.js';

/** Where an order becomes a course: for POST /api/courses and for a paid order's crediting (issue 34). */
@Module({ imports: [LoyaltyModule, FilesModule, PlaceSearchModule], providers: [OrderDesk, CoursesRepository], exports: [OrderDesk] })
export class OrderDeskModule {}
