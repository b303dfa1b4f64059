import { CASE_STATUSES } from '@coursa/domain';
import { z } from 'zod';
import { pageFields } from './fields.js';
import { optionalText } from './fields.js';

const caseStatus = z.enum(CASE_STATUSES, { error: 'Statut inconnu : open, in_review, resolved ou rejected.' });

export const CaseListQuery = z.object({ status: caseStatus.optional(), ...pageFields() }).loose();
export type CaseListInput = z.output<typeof CaseListQuery>;

/** A note left out (or empty) keeps the one the case has; a new one replaces it, and the client sees it on their claim. */
export const UpdateCaseSchema = z.object({ status: caseStatus, note: optionalText(2000) }).strict();
export type UpdateCaseInput = z.output<typeof UpdateCaseSchema>;
