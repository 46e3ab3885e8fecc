import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, renderConsole, stubApi } from '../testing/admin-test-utils';
import { DocumentReview } from './document-review';

const QUEUE = 'GET /api/admin/documents?status=PENDING_REVIEW&page=1&limit=20';
const doc = {
  id: 'doc-1',
  documentType: 'PASSPORT',
  documentNumber: '*****5678',
  uploadId: 'upload-1',
  status: 'PENDING_REVIEW',
  isVerified: false,
  reason: null,
  verifiedAt: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  user: {
    id: 'user-1',
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.com',
    verificationLevel: 'BASIC',
  },
  image: { uploadId: 'upload-1', mimeType: 'image/png', filename: 'passport.png' },
  reviewerId: null,
};

function setup(rejectReply?: () => { status: number; body: unknown }) {
  class BlobUrl extends URL {
    static override createObjectURL = vi.fn(() => 'blob:document');
    static override revokeObjectURL = vi.fn();
  }
  vi.stubGlobal('URL', BlobUrl);
  let reviewed = false;
  const { calls } = stubApi({
    [QUEUE]: () => ok({ documents: reviewed ? [] : [doc], page: 1, hasMore: false }),
    'GET /api/uploads/upload-1': () => ({ status: 200, body: {} }),
    'POST /api/admin/documents/doc-1/approve': () => {
      reviewed = true;
      return ok({ document: { ...doc, status: 'VERIFIED' } });
    },
    'POST /api/admin/documents/doc-1/reject':
      rejectReply ??
      (() => {
        reviewed = true;
        return ok({ document: { ...doc, status: 'REJECTED' } });
      }),
  });
  renderConsole(<DocumentReview />, { path: '/app/admin/documents' });
  return calls;
}

describe('DocumentReview', () => {
  it('shows the image and approves', async () => {
    const calls = setup();
    expect(await screen.findByRole('img', { name: 'Passport of Ada Obi' })).toHaveAttribute(
      'src',
      'blob:document',
    );
    expect(screen.getByText('Number *****5678')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve Passport of Ada Obi' }));
    expect(await screen.findByText('No documents are waiting for review.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/documents/doc-1/approve')).toBe(true);
  });

  it('rejects only with a reason, which is sent', async () => {
    const calls = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject Passport of Ada Obi' }));
    const reason = screen.getByLabelText('Reason the user will see');
    // The Reject button is gone: the reason it asks for has the focus.
    await waitFor(() => expect(reason).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Reject document' }));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    // The message is on the field, which is focused again.
    expect(reason).toHaveAccessibleDescription('Please give a reason');
    expect(reason).toHaveFocus();
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false);
    await user.type(reason, 'The photo is blurred');
    expect(reason).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Reject document' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({ reason: 'The photo is blurred' }),
    );
  });

  it("puts a 400's message for the reason on the field", async () => {
    setup(() => ({
      status: 400,
      body: {
        success: false,
        error: 'Validation failed',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'reason', message: 'Reason must be at most 500 characters' }],
      },
    }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject Passport of Ada Obi' }));
    const reason = screen.getByLabelText('Reason the user will see');
    await user.type(reason, 'Blurred');
    await user.click(screen.getByRole('button', { name: 'Reject document' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Reason must be at most 500 characters'));
    expect(reason).toHaveFocus();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });
});
