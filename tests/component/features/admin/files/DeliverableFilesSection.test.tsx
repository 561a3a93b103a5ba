// The seller's file uploads (docs/files.md, 'Uploading'): each state an upload goes through, driven by a
// fake transport (the bucket's side), and the attached files' actions through our API (msw).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliverableFile } from '../../../../../domain/deliverableFiles';
import { DeliverableFilesSection } from '../../../../../src/features/admin/files/DeliverableFilesSection';
import {
  NetworkError,
  type Attached,
  type UploadTransport,
} from '../../../../../src/features/admin/files/resumableUpload';
import { setupAlerts } from '../../../../support/alerts';
import { pressInAlert } from '../../../../support/adminScreens';
import { server } from '../../../../support/msw';
import {
  adminToken,
  fetchDeliverables,
  resetProductAdminQueries,
  saveDeliverySettings,
} from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

setupAlerts();

const book: DeliverableFile = {
  id: 'f-book',
  name: 'The Book.pdf',
  size: 2_400_000,
  contentType: 'application/pdf',
  storagePath: 'deliverables/p1/f-book',
  order: 0,
  stampPdf: true,
};
const templates: DeliverableFile = {
  id: 'f-zip',
  name: 'Templates.zip',
  size: 310_000,
  contentType: 'application/zip',
  storagePath: 'deliverables/p1/f-zip',
  order: 1,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A bucket that does what each test tells it, recording every call. */
function fakeTransport(overrides: Partial<UploadTransport> = {}) {
  const calls: string[] = [];
  const transport: UploadTransport = {
    start: vi.fn((file: File) => {
      calls.push(`start ${file.name} ${file.size}`);
      return Promise.resolve({ fileId: 'f-new', url: 'https://bucket.test/start', headers: {} });
    }),
    openSession: vi.fn(() => Promise.resolve('https://bucket.test/session-1')),
    send: vi.fn((_session: string, file: Blob, offset: number, onProgress: (sent: number) => void) => {
      calls.push(`send from ${offset}`);
      onProgress(file.size - offset);
      return Promise.resolve('complete' as const);
    }),
    query: vi.fn(() => Promise.resolve(0)),
    cancel: vi.fn((session: string) => {
      calls.push(`cancel ${session}`);
      return Promise.resolve();
    }),
    attach: vi.fn((fileId: string, file: File): Promise<Attached> => {
      calls.push(`attach ${fileId}`);
      const attached: DeliverableFile = {
        id: fileId,
        name: file.name,
        size: file.size,
        contentType: file.type,
        storagePath: `deliverables/p1/${fileId}`,
        order: 1,
      };
      return Promise.resolve({ files: [book, attached], attached });
    }),
    ...overrides,
  };
  return { transport, calls };
}

const zipOf = (size: number, name = 'Bonus.zip') => new File([new Uint8Array(size)], name, { type: 'application/zip' });

async function choose(file: File) {
  const user = userEvent.setup();
  await user.upload(await screen.findByLabelText(/Add files/), file);
  return user;
}

beforeEach(() => {
  resetProductAdminQueries();
  fetchDeliverables.mockResolvedValue({
    url: 'https://drive.test/book',
    files: [book],
    stampPdf: true,
    downloadLimit: null,
    expiryDays: null,
  });
});

describe('files chosen while posting the product', () => {
  it('uploads them once as the section opens, with the same progress, and lists them attached', async () => {
    const { transport, calls } = fakeTransport();
    const queued = [zipOf(2000)];
    const { rerender } = renderWithProviders(
      <DeliverableFilesSection productId="p1" transport={transport} queued={queued} />,
    );
    const attached = await screen.findByRole('list', { name: 'Attached files' });
    await waitFor(() => expect(within(attached).getAllByRole('listitem')).toHaveLength(2));
    expect(within(attached).getByDisplayValue('Bonus.zip')).toBeInTheDocument();
    rerender(<DeliverableFilesSection productId="p1" transport={transport} queued={queued} />);
    expect(calls).toEqual(['start Bonus.zip 2000', 'send from 0', 'attach f-new']);
  });

  it('says why one failed, as for a file added later', async () => {
    const { transport } = fakeTransport({ start: vi.fn(() => Promise.reject(new Error('This file is too large.'))) });
    renderWithProviders(<DeliverableFilesSection productId="p1" transport={transport} queued={[zipOf(2000)]} />);
    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    expect(await within(uploads).findByText('This file is too large.')).toBeInTheDocument();
  });
});

describe('uploading a file', () => {
  it('shows the progress of an upload in a labelled bar and in words, then lists the attached file', async () => {
    const sending = deferred<'complete' | 'incomplete'>();
    let report: (sent: number) => void = () => undefined;
    const { transport, calls } = fakeTransport({
      send: vi.fn((_s: string, _f: Blob, offset: number, onProgress: (sent: number) => void) => {
        calls.push(`send from ${offset}`);
        report = onProgress;
        return sending.promise;
      }),
    });
    renderWithProviders(<DeliverableFilesSection productId="p1" transport={transport} />);
    await screen.findByRole('list', { name: 'Attached files' });
    await choose(zipOf(200_000));

    const bar = await screen.findByRole('progressbar', { name: 'Upload of Bonus.zip' });
    await waitFor(() => expect(transport.send).toHaveBeenCalled());
    report(50_000);
    expect(await screen.findByText('25% · 50 KB of 200 KB')).toBeInTheDocument();
    expect(bar).toHaveAttribute('value', '50000');
    expect(bar).toHaveAttribute('max', '200000');

    sending.resolve('complete');
    const attached = await screen.findByRole('list', { name: 'Attached files' });
    await waitFor(() => expect(within(attached).getAllByRole('listitem')).toHaveLength(2));
    expect(within(attached).getByDisplayValue('Bonus.zip')).toBeInTheDocument();
    expect(within(attached).getByText('ZIP · 200 KB')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(calls).toEqual(['start Bonus.zip 200000', 'send from 0', 'attach f-new']);
  });

  it('cancels an upload: the bytes stop, the session is ended at the bucket, nothing is attached', async () => {
    const { transport, calls } = fakeTransport({
      send: vi.fn(
        (_s: string, _f: Blob, _o: number, _p: (sent: number) => void, signal: AbortSignal) =>
          new Promise<'complete'>((_resolve, reject) => {
            signal.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError')));
          }),
      ),
    });
    renderWithProviders(<DeliverableFilesSection productId="p1" transport={transport} />);
    const user = await choose(zipOf(1000));
    await waitFor(() => expect(transport.send).toHaveBeenCalled());
    await user.click(await screen.findByRole('button', { name: 'Cancel upload of Bonus.zip' }));
    expect(await screen.findByText('Cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('cancel https://bucket.test/session-1'));
    expect(transport.attach).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Dismiss Bonus.zip' }));
    expect(screen.queryByText('Cancelled.')).not.toBeInTheDocument();
  });

  it('resumes after the connection drops from the byte the bucket confirmed, not from zero', async () => {
    let sends = 0;
    const { transport, calls } = fakeTransport({
      send: vi.fn((_s: string, file: Blob, offset: number, onProgress: (sent: number) => void) => {
        sends += 1;
        calls.push(`send from ${offset}`);
        if (sends === 1) {
          onProgress(400);
          return Promise.reject(new NetworkError('The connection dropped.'));
        }
        onProgress(file.size - offset);
        return Promise.resolve('complete' as const);
      }),
      // The bucket answers once the test has seen the message: the 30 ms wait alone may pass before it looks.
      query: vi.fn((session: string, size: number) => {
        calls.push(`ask ${session} of ${size}`);
        return bucketAnswers.then(() => 262_144);
      }),
    });
    let answer = () => {};
    const bucketAnswers = new Promise<void>((resolve) => (answer = resolve));
    renderWithProviders(<DeliverableFilesSection productId="p1" transport={transport} retryDelays={[30]} />);
    await choose(zipOf(1_000_000));
    expect(await screen.findByText(/Connection lost\. Trying again in 0 s/)).toBeInTheDocument();
    answer();
    await waitFor(() => expect(transport.attach).toHaveBeenCalled());
    expect(calls).toEqual([
      'start Bonus.zip 1000000',
      'send from 0',
      'ask https://bucket.test/session-1 of 1000000',
      'send from 262144',
      'attach f-new',
    ]);
  });

  it("says why an upload was refused, in the API's words", async () => {
    const { transport } = fakeTransport({
      start: vi.fn(() => Promise.reject(new Error('A file may be at most 1000 bytes; this one has 2000.'))),
    });
    renderWithProviders(<DeliverableFilesSection productId="p1" transport={transport} />);
    await choose(zipOf(2000));
    expect(await screen.findByText('A file may be at most 1000 bytes; this one has 2000.')).toBeInTheDocument();
    expect(transport.send).not.toHaveBeenCalled();
  });

  it('says when the check after the upload refused the file', async () => {
    const { transport } = fakeTransport({
      attach: vi.fn(() => Promise.reject(new Error('The uploaded file has 10 bytes, not 2000. Upload it again.'))),
    });
    renderWithProviders(<DeliverableFilesSection productId="p1" transport={transport} />);
    await choose(zipOf(2000));
    expect(await screen.findByText('The uploaded file has 10 bytes, not 2000. Upload it again.')).toBeInTheDocument();
  });

  it("tells the seller in words when a PDF will be delivered without the buyer's name", async () => {
    const note = "This PDF is password-protected; it will be delivered without the buyer's name.";
    const { transport } = fakeTransport({
      attach: vi.fn((fileId: string, file: File) => {
        const attached: DeliverableFile = {
          id: fileId,
          name: file.name,
          size: file.size,
          contentType: 'application/pdf',
          storagePath: `deliverables/p1/${fileId}`,
          order: 1,
          stampPdf: false,
          stampNote: note,
        };
        return Promise.resolve({ files: [book, attached], attached });
      }),
    });
    renderWithProviders(<DeliverableFilesSection productId="p1" transport={transport} />);
    await choose(new File([new Uint8Array(50)], 'Locked.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(`Locked.pdf: ${note}`)).toBeInTheDocument();
    // And beside the file itself, for as long as it is attached.
    expect(within(screen.getByRole('list', { name: 'Attached files' })).getByText(note)).toBeInTheDocument();
  });
});

describe('attached files', () => {
  function useFilesApi() {
    const calls: Array<{ method: string; path: string; body: unknown; authorization: string | null }> = [];
    server.use(
      http.all('*/api/admin/products/p1/files/*', async ({ request }) => {
        const body = request.method === 'DELETE' ? undefined : await request.json().catch(() => undefined);
        const path = new URL(request.url).pathname;
        calls.push({ method: request.method, path, body, authorization: request.headers.get('authorization') });
        if (request.method === 'PATCH')
          return HttpResponse.json({ files: [{ ...book, name: 'Renamed.pdf' }, templates] });
        if (request.method === 'PUT')
          return HttpResponse.json({
            files: [
              { ...templates, order: 0 },
              { ...book, order: 1 },
            ],
          });
        return HttpResponse.json({ files: [templates] });
      }),
    );
    return calls;
  }

  beforeEach(() => {
    fetchDeliverables.mockResolvedValue({
      url: '',
      files: [book, templates],
      stampPdf: true,
      downloadLimit: 3,
      expiryDays: null,
    });
  });

  it('renames a file as buyers will see it', async () => {
    const calls = useFilesApi();
    const user = userEvent.setup();
    renderWithProviders(<DeliverableFilesSection productId="p1" />);
    const name = (await screen.findAllByLabelText('Name shown to buyers'))[0]!;
    await user.clear(name);
    await user.type(name, 'Renamed.pdf');
    await user.click(screen.getByRole('button', { name: 'Save the name of The Book.pdf' }));
    expect(await screen.findByText('Name saved.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PATCH',
        path: '/api/admin/products/p1/files/f-book',
        body: { name: 'Renamed.pdf', from: 'The Book.pdf' },
        authorization: `Bearer ${adminToken}`,
      },
    ]);
  });

  it('moves a file down with the keyboard-reachable buttons, and the first cannot move up', async () => {
    const calls = useFilesApi();
    const user = userEvent.setup();
    renderWithProviders(<DeliverableFilesSection productId="p1" />);
    expect(await screen.findByRole('button', { name: 'Move The Book.pdf up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move The Book.pdf down' }));
    expect(await screen.findByText('Order saved.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/products/p1/files/order',
      body: { fileIds: ['f-zip', 'f-book'] },
    });
    const names = within(screen.getByRole('list', { name: 'Attached files' })).getAllByLabelText(
      'Name shown to buyers',
    );
    expect(names.map((input) => (input as HTMLInputElement).value)).toEqual(['Templates.zip', 'The Book.pdf']);
  });

  it('deletes a file after the seller confirms', async () => {
    const calls = useFilesApi();
    const user = userEvent.setup();
    renderWithProviders(<DeliverableFilesSection productId="p1" />);
    await user.click(await screen.findByRole('button', { name: 'Delete The Book.pdf' }));
    await pressInAlert(user, 'Yes, delete it');
    expect(await screen.findByText('The Book.pdf deleted.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'DELETE',
        path: '/api/admin/products/p1/files/f-book',
        body: undefined,
        authorization: `Bearer ${adminToken}`,
      },
    ]);
    expect(screen.queryByDisplayValue('The Book.pdf')).not.toBeInTheDocument();
  });

  it('saves the delivery switches, and refuses a limit that is not a whole number', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DeliverableFilesSection productId="p1" />);
    const limit = await screen.findByLabelText('Downloads per file (empty: no limit)');
    expect(limit).toHaveValue('3');
    await user.clear(limit);
    await user.type(limit, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The download limit is a whole number from 1 to 1000, or empty for none.',
    );
    expect(saveDeliverySettings).not.toHaveBeenCalled();

    await user.clear(limit);
    await user.click(screen.getByLabelText("Print the buyer's name on every page of PDFs"));
    await user.type(screen.getByLabelText('Days after purchase the files can be downloaded (empty: no end)'), '30');
    await user.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    expect(await screen.findByText('Delivery settings saved.')).toBeInTheDocument();
    expect(saveDeliverySettings).toHaveBeenCalledWith(
      'p1',
      { stampPdf: true, downloadLimit: 3, expiryDays: null },
      { stampPdf: false, downloadLimit: null, expiryDays: 30 },
    );

    // The next save is checked against what this one stored.
    await user.type(limit, '5');
    await user.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    await waitFor(() => expect(saveDeliverySettings).toHaveBeenCalledTimes(2));
    expect(saveDeliverySettings).toHaveBeenLastCalledWith(
      'p1',
      { stampPdf: false, downloadLimit: null, expiryDays: 30 },
      { stampPdf: false, downloadLimit: 5, expiryDays: 30 },
    );
  });

  it('says another admin changed the settings when its save is refused, and keeps what was typed', async () => {
    saveDeliverySettings.mockRejectedValueOnce(
      Object.assign(new Error('The product changed since it was opened.'), { code: 'product-changed' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DeliverableFilesSection productId="p1" />);
    const limit = await screen.findByLabelText('Downloads per file (empty: no limit)');
    await user.clear(limit);
    await user.type(limit, '7');
    await user.click(screen.getByRole('button', { name: 'Save delivery settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This product was changed by someone else. Reload it and try again.',
    );
    expect(limit).toHaveValue('7');
    expect(screen.queryByText('Delivery settings saved.')).not.toBeInTheDocument();
  });
});
