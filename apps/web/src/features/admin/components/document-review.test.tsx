import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderConsole, stubApi } from '../testing/admin-test-utils';
import { DocumentReview } from './document-review';

afterEach(() => vi.unstubAllGlobals());

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

function setup() {
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
    'POST /api/admin/documents/doc-1/reject': () => {
      reviewed = true;
      return ok({ document: { ...doc, status: 'REJECTED' } });
    },
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
    await user.click(screen.getByRole('button', { name: 'Reject document' }));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false);
    await user.type(screen.getByLabelText('Reason the user will see'), 'The photo is blurred');
    await user.click(screen.getByRole('button', { name: 'Reject document' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({ reason: 'The photo is blurred' }),
    );
  });
});
