import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubReply } from '../../../testing/api-mock';
import { DocumentForm } from './document-form';

const ok = (data: unknown): StubReply => ({ body: { success: true, data } });
const UPLOAD = { id: 'upload-9', filename: 'passport.png', mimeType: 'image/png', size: 10 };
const png = () => new File([new Uint8Array(10)], 'passport.png', { type: 'image/png' });

beforeEach(() => {
  class BlobUrl extends URL {
    static override createObjectURL = vi.fn(() => 'blob:preview');
    static override revokeObjectURL = vi.fn();
  }
  vi.stubGlobal('URL', BlobUrl);
});

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <DocumentForm />
    </QueryClientProvider>,
  );
  return userEvent.setup({ applyAccept: false });
}

describe('DocumentForm', () => {
  it('says on each field what is missing, focusing the first, before anything is sent', async () => {
    const { calls } = stubApi({});
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const number = screen.getByLabelText('Document number');
    expect(await screen.findByText('Document number is required')).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription('Document number is required');
    expect(number).toHaveFocus();
    // The missing image is named on its own control too, at the same time.
    expect(screen.getByLabelText('Document image')).toHaveAccessibleDescription(
      'Upload the document image first',
    );
    expect(calls).toHaveLength(0);
  });

  it('names a wrong file at once, then shows the chosen one, uploads it and submits its id', async () => {
    const { calls } = stubApi({
      'POST /api/uploads': () => ok({ upload: UPLOAD }),
      'POST /api/verification/document': () =>
        ok({ documentId: 'doc-1', status: 'PENDING_REVIEW', document: {} }),
    });
    const user = renderForm();
    const image = screen.getByLabelText('Document image');
    expect(image).toHaveAttribute('type', 'file');
    expect(screen.getByText('Choose a file')).toBeInTheDocument();
    await user.upload(image, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('notes.txt must be an image or a PDF')).toBeInTheDocument();
    expect(image).toHaveAccessibleDescription('notes.txt must be an image or a PDF');
    expect(screen.queryByTestId('chosen-document')).not.toBeInTheDocument();

    await user.upload(image, png());
    // One control: its face says a file is chosen, and the file is listed under it.
    expect(await screen.findByText('passport.png')).toBeInTheDocument();
    expect(screen.getByText('Choose another file')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of the selected document' })).toBeInTheDocument();
    expect(image).not.toHaveAccessibleDescription();

    await user.selectOptions(screen.getByLabelText('Document type'), 'PASSPORT');
    await user.type(screen.getByLabelText('Document number'), 'A12345678');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Document submitted for review. Status: Pending review',
    );
    const uploadBody = calls.find((c) => c.path === '/api/uploads')!.body as FormData;
    expect(uploadBody.get('purpose')).toBe('identity_document');
    expect(calls.find((c) => c.path === '/api/verification/document')!.body).toEqual({
      documentType: 'PASSPORT',
      documentNumber: 'A12345678',
      uploadId: 'upload-9',
    });
    await waitFor(() => expect(screen.getByLabelText('Document number')).toHaveValue(''));
    expect(screen.queryByTestId('chosen-document')).not.toBeInTheDocument();
  });

  it("puts a 400's message on the field it names", async () => {
    stubApi({
      'POST /api/uploads': () => ok({ upload: UPLOAD }),
      'POST /api/verification/document': () => ({
        status: 400,
        body: {
          success: false,
          code: 'VALIDATION_ERROR',
          error: 'Validation failed',
          details: [{ field: 'documentNumber', message: 'Use letters, digits, spaces, / or - only' }],
        },
      }),
    });
    const user = renderForm();
    await user.upload(screen.getByLabelText('Document image'), png());
    const number = screen.getByLabelText('Document number');
    await user.type(number, 'A1');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() =>
      expect(number).toHaveAccessibleDescription('Use letters, digits, spaces, / or - only'),
    );
    expect(number).toHaveFocus();
    expect(screen.queryByRole('alert', { name: /Validation failed/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
  });
});
