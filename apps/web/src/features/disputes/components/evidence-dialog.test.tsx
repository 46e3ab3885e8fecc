import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeDispute } from '../../../testing/dispute-fixtures';
import { ok, renderAt, stubApi } from '../../../testing/render-at';
import { EvidenceDialog } from './evidence-dialog';

const dispute = makeDispute({ id: 'dispute-1', status: 'OPEN', viewerRole: 'RAISER' });
const UPLOAD_ID = '0192f5a4-7d5e-7000-8000-0000000f0009';
const png = () => new File([new Uint8Array(8)], 'parcel.png', { type: 'image/png' });

async function openDialog(handlers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(handlers);
  const onClose = vi.fn();
  renderAt(<EvidenceDialog dispute={dispute} onClose={onClose} />, { path: '/app/disputes/dispute-1' });
  const dialog = await screen.findByRole('dialog', { name: 'Upload Evidence' });
  const files = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  return { api, onClose, dialog, files };
}

describe('Upload Evidence (react-hook-form, one file control)', () => {
  it('focuses the file control with its message when nothing is chosen; choosing a file clears it', async () => {
    const { api, dialog, files } = await openDialog({});
    expect(files).toHaveAccessibleName('Files');
    // One control: the browser's own 'No file chosen' is hidden under the button face.
    expect(files).toHaveClass('opacity-0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(files).toHaveFocus());
    expect(files).toHaveAttribute('aria-invalid', 'true');
    expect(files).toHaveAccessibleDescription(expect.stringContaining('Choose at least one file'));
    expect(api.calls).toHaveLength(0);

    fireEvent.change(files, { target: { files: [png()] } });
    expect(await within(dialog).findByText('parcel.png')).toBeInTheDocument();
    await waitFor(() => expect(files).not.toHaveAttribute('aria-invalid'));
    expect(within(dialog).queryByText('Choose at least one file')).toBeNull();
  });

  it('uploads the file, attaches it with the trimmed description, and closes', async () => {
    const { api, onClose, dialog, files } = await openDialog({
      'POST /api/uploads': () =>
        ok({ upload: { id: UPLOAD_ID, filename: 'parcel.png', mimeType: 'image/png', size: 8 } }, 201),
      'POST /api/disputes/dispute-1/evidence': () => ok({ dispute }),
    });
    fireEvent.change(files, { target: { files: [png()] } });
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), '  Cracked screen ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((c) => c.path === '/api/disputes/dispute-1/evidence')?.body).toEqual({
      uploadId: UPLOAD_ID,
      description: 'Cracked screen',
    });
  });

  it('puts a 400 on the description beside it, focused', async () => {
    const { dialog, files } = await openDialog({
      'POST /api/uploads': () =>
        ok({ upload: { id: UPLOAD_ID, filename: 'parcel.png', mimeType: 'image/png', size: 8 } }, 201),
      'POST /api/disputes/dispute-1/evidence': () => ({
        status: 400,
        body: {
          success: false,
          error: 'Description must be at most 500 characters',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'description', message: 'Description must be at most 500 characters' }],
        },
      }),
    });
    fireEvent.change(files, { target: { files: [png()] } });
    await userEvent.type(within(dialog).getByLabelText('Description (optional)'), 'Cracked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const description = within(dialog).getByLabelText('Description (optional)');
    await waitFor(() =>
      expect(description).toHaveAccessibleDescription('Description must be at most 500 characters'),
    );
    expect(description).toHaveFocus();
  });
});
