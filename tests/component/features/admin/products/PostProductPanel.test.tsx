import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PostProductPanel } from '../../../../../src/features/admin/products/PostProductPanel';
import { createProduct } from '../../../../../src/features/admin/api/productAdminQueries';
import { useImageApi, uploadedUrl } from '../../../../support/adminImageApi';
import { setupAlerts } from '../../../../support/alerts';
import { pressInAlert } from '../../../../support/adminScreens';
import { adminToken, resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

beforeEach(resetProductAdminQueries);
setupAlerts();

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'cover.png', {
    type: 'image/png',
  });

function renderPanel() {
  const view = renderWithProviders(<PostProductPanel />);
  const { user } = view;
  const fill = async (overrides: Partial<Record<string, string>> = {}) => {
    const values = {
      'Product Title': 'Excel Mastery for Business',
      Description: 'Formulas, pivot tables and dashboards.',
      'Price in NGN': '12000',
      'Price in USD': '15',
      'Product URL': 'https://drive.example.com/excel-mastery',
      ...overrides,
    };
    for (const [label, value] of Object.entries(values)) {
      const field = screen.getByLabelText(label);
      await user.clear(field);
      if (value) await user.type(field, value);
    }
    await user.selectOptions(screen.getByLabelText('Category'), '📚 Ebooks');
  };
  const chooseCover = (file: File) =>
    fireEvent.change(screen.getByLabelText('Cover Image'), { target: { files: [file] } });
  const submit = () => user.click(screen.getByRole('button', { name: /Post Course|Posting/ }));
  return { ...view, fill, chooseCover, submit };
}

describe('Post product panel', () => {
  it('has every field of the post form, the author preset and disabled, and Post Course', () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Post A Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Product Title')).toHaveClass('uppercase');
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Price in NGN')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Price in USD')).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Product URL')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Cover Image')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Cover Image')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(screen.getByRole('option', { name: '📚 Ebooks' })).toHaveValue('1');
    expect(screen.getByRole('option', { name: '🎓 Courses' })).toHaveValue('2');
    const author = screen.getByLabelText('Author');
    expect(author).toBeDisabled();
    expect(author).toHaveValue('Digital Store Content Team');
    expect(screen.getByRole('button', { name: 'Post Course' })).toBeEnabled();
  });

  it("says 'Please select a cover image.' and that every required field is required, and sends nothing", async () => {
    const api = useImageApi();
    const { submit } = renderPanel();
    await submit();
    expect(screen.getByText('Please select a cover image.')).toBeInTheDocument();
    expect(screen.getByText('Product Title is required.')).toBeInTheDocument();
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.getByText('Price in NGN is required.')).toBeInTheDocument();
    expect(screen.getByText('Price in USD is required.')).toBeInTheDocument();
    expect(screen.getByText('Please select a category.')).toBeInTheDocument();
    // The outside link is optional: a product may deliver only the files added after posting.
    expect(screen.queryByText('Product URL is required.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Product URL')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Product Title')).toHaveAccessibleDescription('Product Title is required.');
    expect(api.signatureRequests).toHaveLength(0);
    expect(createProduct).not.toHaveBeenCalled();
  });

  it("refuses prices below each provider's smallest charge, with a clear message (the rules refuse them)", async () => {
    const { fill, chooseCover, submit } = renderPanel();
    await fill({ 'Price in NGN': '0', 'Price in USD': '-5' });
    chooseCover(png());
    await submit();
    expect(
      screen.getByText('Price in NGN must be at least ₦50, the smallest amount Paystack charges.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Price in USD must be at least $0.01, the smallest amount PayPal charges.'),
    ).toBeInTheDocument();
    expect(createProduct).not.toHaveBeenCalled();
  });

  it('refuses a price in fractions of a kobo or cent', async () => {
    const { fill, chooseCover, submit } = renderPanel();
    await fill({ 'Price in NGN': '500.005', 'Price in USD': '0.019' });
    chooseCover(png());
    await submit();
    expect(screen.getByText('Price in NGN can have at most 2 decimal places (whole kobo).')).toBeInTheDocument();
    expect(screen.getByText('Price in USD can have at most 2 decimal places (whole cents).')).toBeInTheDocument();
    expect(createProduct).not.toHaveBeenCalled();
  });

  it.each([
    ['a right-to-left override', 'Excel \u202Egnp.exe Mastery'],
    ['a zero-width space', 'Excel\u200B Mastery'],
    ['a line separator', 'Excel\u2028Mastery'],
  ])(
    'refuses a title with %s with the shoppers’ forms’ sentence, keeps what was typed and sends nothing',
    async (_label, title) => {
      const api = useImageApi();
      const { fill, chooseCover, submit } = renderPanel();
      await fill({ 'Product Title': title, Description: 'Formulas \u2066and\u2069 charts.' });
      chooseCover(png());
      await submit();
      const titleSentence =
        'Product Title contains invisible or control characters that are not allowed. Please retype it.';
      const descriptionSentence =
        'Description contains invisible or control characters that are not allowed. Please retype it.';
      expect(screen.getByText(titleSentence)).toBeInTheDocument();
      expect(screen.getByLabelText('Product Title')).toHaveAccessibleDescription(titleSentence);
      expect(screen.getByLabelText('Product Title')).toHaveValue(title);
      expect(screen.getByText(descriptionSentence)).toBeInTheDocument();
      expect(screen.getByLabelText('Description')).toHaveValue('Formulas \u2066and\u2069 charts.');
      expect(api.signatureRequests).toHaveLength(0);
      expect(createProduct).not.toHaveBeenCalled();
    },
  );

  it('takes markup in a title and description as the text it is', async () => {
    useImageApi({ uploadedName: 'markup' });
    const { fill, chooseCover, submit } = renderPanel();
    await fill({
      'Product Title': '<img src=x onerror="alert(1)"> Guide',
      Description: '<script>alert(1)</script>',
    });
    chooseCover(png());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Product Posted!' })).toBeInTheDocument();
    expect(createProduct).toHaveBeenCalledWith(
      expect.objectContaining({
        title: '<img src=x onerror="alert(1)"> Guide',
        description: '<script>alert(1)</script>',
      }),
    );
  });

  it('posts a product sold as a monthly membership, its price shown per month before posting', async () => {
    useImageApi({ uploadedName: 'signals' });
    const { user, fill, chooseCover, submit } = renderPanel();
    expect(screen.getByRole('radio', { name: 'One payment' })).toBeChecked();
    await fill({ 'Price in NGN': '5000', 'Price in USD': '4' });
    await user.click(screen.getByRole('radio', { name: 'Membership' }));
    expect(screen.getByText(/Shown to buyers as/)).toHaveTextContent(
      'Shown to buyers as ₦5,000 / month and $4 / month.',
    );
    expect(screen.getByText(/A price change applies to new members only/)).toBeInTheDocument();
    chooseCover(png());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Product Posted!' })).toBeInTheDocument();
    expect(createProduct).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Excel Mastery for Business', priceInNgn: 5000, priceInUsd: 4 }),
      { kind: 'membership', interval: 'monthly' },
    );
  });

  it('posts a product sold once with no pricing at all', async () => {
    useImageApi({ uploadedName: 'once' });
    const { fill, chooseCover, submit } = renderPanel();
    await fill();
    chooseCover(png());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Product Posted!' })).toBeInTheDocument();
    expect(vi.mocked(createProduct).mock.calls.at(-1)).toHaveLength(1);
  });

  it('posts a product without a Product URL, and says its files are all its buyers get', async () => {
    useImageApi({ uploadedName: 'files-only' });
    const { fill, chooseCover, submit } = renderPanel();
    expect(screen.getByLabelText('Product URL')).toHaveAccessibleDescription(
      'Optional: a link buyers open, for example a cloud drive. Leave it empty if buyers get only the files you add after posting.',
    );
    expect(screen.getByLabelText('Product URL')).not.toBeRequired();
    await fill({ 'Product URL': '' });
    chooseCover(png());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Product Posted!' })).toBeInTheDocument();
    expect(createProduct).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Excel Mastery for Business', url: '' }),
    );
    expect(
      await screen.findByText(
        'Add the files buyers download for “Excel Mastery for Business”: it has no Product URL, so these files are all its buyers get.',
      ),
    ).toBeInTheDocument();
  });

  it("links the posted product's page, where its license keys, course and details are", async () => {
    useImageApi({ uploadedName: 'page-link' });
    const { fill, chooseCover, submit } = renderPanel();
    await fill();
    chooseCover(png());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Product Posted!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Open the product's page", hidden: true })).toHaveAttribute(
      'href',
      '/admindashboard/products/new-product',
    );
  });

  it('takes the files buyers download in the same form and starts their upload once the product is posted', async () => {
    useImageApi({ uploadedName: 'with-files' });
    const { fill, chooseCover, submit, user } = renderPanel();
    await fill();
    chooseCover(png());
    const book = new File([new Uint8Array(3000)], 'The Book.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Files buyers download (optional)'), book);
    expect(screen.getByLabelText('Files buyers download (optional)')).toHaveAccessibleDescription(
      '1 file to upload once the product is posted: The Book.pdf.',
    );
    await submit();
    expect(await screen.findByRole('heading', { name: 'Product Posted!' })).toBeInTheDocument();
    await pressInAlert(user);
    expect(
      await screen.findByText('The files buyers download for “Excel Mastery for Business”, uploading now:'),
    ).toBeInTheDocument();
    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    expect(within(uploads).getByText('The Book.pdf')).toBeInTheDocument();
    expect(within(uploads).getByRole('progressbar', { name: 'Upload of The Book.pdf' })).toBeInTheDocument();
    // The form is cleared for the next product, files included.
    expect(screen.getByLabelText('Files buyers download (optional)')).toHaveAccessibleDescription(
      'PDF, EPUB, ZIP, MP3, MP4… They upload once the product is posted; you can add more later.',
    );
  });

  it('refuses a link that is not a full https:// link', async () => {
    const { fill, chooseCover, submit } = renderPanel();
    await fill({ 'Product URL': 'drive.example.com/file' });
    chooseCover(png());
    await submit();
    expect(screen.getByText('Product URL must be a full link starting with https://.')).toBeInTheDocument();
  });

  it('says which cover rule failed: type, then size', async () => {
    const { chooseCover } = renderPanel();
    chooseCover(new File(['GIF89a'], 'cover.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The cover must be a JPEG, PNG or WebP image.')).toBeInTheDocument();
    chooseCover(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('The cover must be 5 MB or smaller. This file is 5.0 MB.')).toBeInTheDocument();
  });

  it('previews the chosen cover', async () => {
    const { chooseCover } = renderPanel();
    chooseCover(png());
    const preview = await screen.findByRole('img', { name: 'Preview of the selected cover' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it("uploads with a signature from the API, saves product and deliverable, says 'Product Posted!' and clears the form", async () => {
    const api = useImageApi({ uploadedName: 'excel' });
    const { fill, chooseCover, submit } = renderPanel();
    await fill();
    chooseCover(png());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Product Posted!' })).toBeInTheDocument();

    expect(api.signatureRequests).toEqual([{ authorization: `Bearer ${adminToken}` }]);
    expect(api.uploads).toEqual([
      {
        file: 'file of 11 bytes',
        api_key: 'test-key',
        timestamp: '1700000000',
        folder: 'digital_products',
        signature: 'signed-by-the-api',
      },
    ]);
    expect(createProduct).toHaveBeenCalledTimes(1);
    expect(createProduct).toHaveBeenCalledWith({
      title: 'Excel Mastery for Business',
      description: 'Formulas, pivot tables and dashboards.',
      priceInNgn: 12000,
      priceInUsd: 15,
      categoryId: 1,
      coverImageUrl: uploadedUrl('excel'),
      author: 'Digital Store Content Team',
      url: 'https://drive.example.com/excel-mastery',
    });
    await waitFor(() => expect(screen.getByLabelText('Product Title')).toHaveValue(''));
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Price in NGN')).toHaveValue(null);
    expect(screen.getByLabelText('Product URL')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Author')).toHaveValue('Digital Store Content Team');
    expect(screen.queryByRole('img', { name: 'Preview of the selected cover' })).not.toBeInTheDocument();
  });

  it('shows the upload progress and cannot be submitted twice', async () => {
    const api = useImageApi({ uploadDelayMs: 300 });
    const { fill, chooseCover, user } = renderPanel();
    await fill();
    chooseCover(png());
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Post Course' });
    await user.click(button);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('max', '100');
    expect(screen.getByText(/^\d{1,3}%$/)).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Posting...');
    fireEvent.submit(button.form!);
    expect(await screen.findByRole('heading', { name: 'Product Posted!' })).toBeInTheDocument();
    expect(api.uploads).toHaveLength(1);
    expect(createProduct).toHaveBeenCalledTimes(1);
  });

  it("says 'Upload Failed' / 'Try again.' when the image host refuses, and saves nothing", async () => {
    useImageApi({ uploadStatus: 401 });
    const { fill, chooseCover, submit } = renderPanel();
    await fill();
    chooseCover(png());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Upload Failed' })).toBeInTheDocument();
    expect(screen.getByText('Try again.')).toBeInTheDocument();
    expect(createProduct).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Product Title')).toHaveValue('Excel Mastery for Business');
  });

  it("says 'Upload Failed' when the API will not sign the upload", async () => {
    const api = useImageApi({ signatureStatus: 403 });
    const { fill, chooseCover, submit } = renderPanel();
    await fill();
    chooseCover(png());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Upload Failed' })).toBeInTheDocument();
    expect(api.uploads).toHaveLength(0);
  });

  it('deletes the uploaded cover again and keeps the form when the product cannot be saved', async () => {
    vi.mocked(createProduct).mockRejectedValue(Object.assign(new Error('denied'), { code: 'permission-denied' }));
    const api = useImageApi({ uploadedName: 'orphan' });
    const { fill, chooseCover, submit } = renderPanel();
    await fill();
    chooseCover(png());
    await submit();
    expect(await screen.findByRole('heading', { name: 'Upload Failed' })).toBeInTheDocument();
    expect(api.deletions).toEqual([
      { authorization: `Bearer ${adminToken}`, body: { public_id: 'digital_products/orphan' } },
    ]);
    expect(screen.getByLabelText('Product Title')).toHaveValue('Excel Mastery for Business');
  });
});
