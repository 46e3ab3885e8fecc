import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDispute, seller } from '../../testing/dispute-fixtures';
import { DisputeResolutions } from './dispute-resolutions';
import { SlaClock } from './sla-clock';

/*
 * A deadline's time of day is Lagos time and says so (WAT); other times are Lagos time
 * unlabelled. The instants fall on another day in Lagos than in UTC or the tests' New York zone.
 */
describe('deadlines beside their countdowns', () => {
  it('a pending proposal lapses at a Lagos time labelled WAT; when it was made is not labelled', () => {
    const dispute = makeDispute({
      resolutions: [
        {
          id: 'r1',
          resolutionType: 'MEDIATION',
          resolution: 'REFUND_FULL',
          amount: null,
          reason: 'Never arrived',
          status: 'PENDING',
          closedReason: null,
          rejectionReason: null,
          proposedBy: { ...seller, role: 'ACCUSED' },
          expiresAt: '2026-11-21T23:30:00.000Z',
          decidedAt: null,
          createdAt: '2026-11-19T23:30:00.000Z',
        },
      ],
    });
    render(<DisputeResolutions dispute={dispute} now={new Date('2026-11-19T23:30:00.000Z')} />);
    expect(screen.getByText(/^Lapses/)).toHaveTextContent(
      'Lapses in 2 days if not answered (22 Nov 2026, 00:30 WAT)',
    );
    expect(screen.getByText(/20\/11\/2026, 00:30/)).not.toHaveTextContent('WAT');
  });

  it('the support SLA is due at a Lagos time labelled WAT', () => {
    render(
      <SlaClock
        dispute={{ status: 'OPEN', slaDueAt: '2026-03-10T23:15:00.000Z', slaBreached: false }}
        now={new Date('2026-03-10T12:00:00.000Z')}
      />,
    );
    expect(screen.getByText(/^SLA due/)).toHaveAttribute('title', 'Due 11 Mar 2026, 00:15 WAT');
  });
});
