import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-summary';

describe('auditChanges', () => {
  it('pairs before and after per field', () => {
    expect(
      auditChanges({
        before: { status: 'OPEN', assignedTo: null },
        after: { status: 'IN_REVIEW', level: 2 },
      }),
    ).toEqual(['status: OPEN → IN_REVIEW', 'assignedTo: none → —', 'level: — → 2']);
    expect(auditChanges({ note: 'x' })).toEqual([]);
  });
});
