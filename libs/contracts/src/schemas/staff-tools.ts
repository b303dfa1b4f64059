import { z } from 'zod';
import { optionalFilter, pageFields } from './fields.js';

/** The notification centre's list: every notice, or the unread ones only (`unread=true`). */
export const StaffNotificationsQuery = z
  .object({ unread: optionalFilter(z.enum(['true', 'false'], { error: 'Filtre « unread » invalide : true ou false.' })), ...pageFields() })
  .loose();
export type StaffNotificationsInput = z.output<typeof StaffNotificationsQuery>;
