import { describe, expect, it } from '@jest/globals';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditActionLabel } from './audit.js';

describe('audit actions', () => {
  it('tells every action apart on the audit screen', () => {
    const labels = AUDIT_ACTIONS.map((action) => AUDIT_ACTION_LABELS[action]);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
  });

  it('labels a known action in French, and shows an unknown one (an older row) as stored', () => {
    expect(auditActionLabel('course_delivered')).toBe('Course livrée');
    expect(auditActionLabel('course_force_status')).toBe('course_force_status');
  });
});
