import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLiveChannelForTests } from '../../lib/socket';
import { installFakeLiveChannel, renderAt } from '../../testing/render-at';
import { Composer } from './composer';

const TX = '0192f5a4-7d5e-7000-8000-0000000000aa';

/** An upload the test drives by hand: progress, then the server's answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  send() {
    FakeXhr.last = this;
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  setLiveChannelForTests(null);
  vi.useRealTimers();
  FakeXhr.last = null;
});

const pdf = (name = 'invoice.pdf', size = 10) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('attaching a file', () => {
  it('shows progress, then Uploaded (gone after 3 s), and sends the spec’s Sent: {filename} message carrying it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    installFakeLiveChannel('connected');
    const onSend = vi.fn();
    renderAt(<Composer transactionId={TX} connected onSend={onSend} />, { path: '/app/messages' });
    await userEvent.upload(screen.getByLabelText('Attach a file'), pdf());

    act(() => FakeXhr.last!.progress(40));
    expect(screen.getByRole('progressbar', { name: 'Uploading invoice.pdf' })).toHaveAttribute('value', '40');
    act(() =>
      FakeXhr.last!.answer(201, {
        success: true,
        data: { upload: { id: 'up-1', filename: 'invoice.pdf', mimeType: 'application/pdf', size: 10 } },
      }),
    );
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(onSend).toHaveBeenCalledWith({ content: 'Sent: invoice.pdf', attachmentIds: ['up-1'] });
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Uploaded')).toBeNull();
  });

  it('a refused upload reads Upload failed with the server’s reason, and nothing is sent', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    installFakeLiveChannel('connected');
    const onSend = vi.fn();
    renderAt(<Composer transactionId={TX} connected onSend={onSend} />, { path: '/app/messages' });
    await userEvent.upload(screen.getByLabelText('Attach a file'), pdf('renamed.pdf'));
    act(() =>
      FakeXhr.last!.answer(415, {
        success: false,
        error: 'renamed.pdf is not a supported file type (images, pdf, doc, docx, txt, zip, rar)',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Upload failed: renamed.pdf is not a supported file type',
    );
    expect(onSend).not.toHaveBeenCalled();
  });

  it('checks size (10 MB) and type before sending anything; nothing can be attached while offline', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    installFakeLiveChannel('connected');
    const view = renderAt(<Composer transactionId={TX} connected onSend={vi.fn()} />, {
      path: '/app/messages',
    });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Attach a file'), pdf('big.pdf', 10 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Upload failed: File size must be less than 10MB',
    );
    await user.upload(
      screen.getByLabelText('Attach a file'),
      new File(['x'], 'tool.exe', { type: 'application/x-msdownload' }),
    );
    expect(await screen.findByText(/tool\.exe is not a supported file type/)).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();

    view.unmount();
    renderAt(<Composer transactionId={TX} connected={false} onSend={vi.fn()} />, { path: '/app/messages' });
    expect(screen.getByLabelText('Attach a file')).toBeDisabled();
  });
});
