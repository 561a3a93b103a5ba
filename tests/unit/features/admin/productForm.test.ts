import { describe, expect, it } from 'vitest';
import { productFromData } from '../../../../domain/product';
import rules from '../../../../firestore.rules?raw';
import {
  fieldsOf,
  productDraft,
  productForm,
  productFormErrors,
  productFormKeys,
} from '../../../../src/features/admin/products/productForm';

// A new product field touches three files: domain/product.ts, productForm.ts and firestore.rules.
// These tests hold the form to the other two, so a field added there and not here fails.
describe('the product form definition', () => {
  it('has an entry for every field the decoder reads, and the deliverable link', () => {
    const decoded = Object.keys(productFromData('p', {})).filter((key) => key !== 'id' && key !== 'createdAt');
    expect([...productFormKeys].sort()).toEqual([...decoded, 'url'].sort());
  });

  it('has an entry for every product field the rules accept, and the deliverable’s link', () => {
    const accepted = /function isProduct\(data\) \{\s*return data\.keys\(\)\.hasOnly\(\[([^\]]*)\]\)/.exec(rules);
    expect(accepted).not.toBeNull();
    const keys = [...(accepted?.[1] ?? '').matchAll(/'(\w+)'/g)].map((match) => match[1]);
    expect(keys).toContain('title');
    // 'pricing' (one payment, a membership or instalments) has its own section on the product page.
    expect([...keys, 'url'].sort()).toEqual([...productFormKeys, 'createdAt', 'pricing'].sort());
    // The form's one deliverable field is the link; the other keys admins may write are the delivery
    // switches, which the files section edits (src/features/admin/files), and the license key settings.
    expect(rules).toMatch(
      /match \/productDeliverables\/\{productId\} \{[^}]*keys\(\)\.hasOnly\(\['url', 'stampPdf', 'downloadLimit', 'expiryDays', 'licenseKeys'\]\)/,
    );
  });

  it('shows the post form’s fields in its order, with its labels', () => {
    expect(fieldsOf('post').map((key) => [key, productForm[key].post.label])).toEqual([
      ['title', 'Product Title'],
      ['description', 'Description'],
      ['priceInNgn', 'Price in NGN'],
      ['priceInUsd', 'Price in USD'],
      ['url', 'Product URL'],
      ['coverImageUrl', 'Cover Image'],
      ['categoryId', 'Category'],
      ['author', 'Author'],
    ]);
  });

  it('shows the edit dialog’s fields in its order, with its labels', () => {
    expect(fieldsOf('edit').map((key) => [key, productForm[key].edit.label])).toEqual([
      ['title', 'Title'],
      ['author', 'Author'],
      ['coverImageUrl', 'Cover Image URL'],
      ['description', 'Description'],
      ['url', 'URL'],
      ['priceInNgn', 'Price in NGN'],
      ['priceInUsd', 'Price in USD'],
      ['categoryId', 'Category'],
    ]);
  });

  it('stores text trimmed and prices and category as numbers', () => {
    expect(
      productDraft({
        title: '  Excel Mastery ',
        description: ' Formulas. ',
        priceInNgn: ' 12000 ',
        priceInUsd: '19.99',
        url: ' https://drive.example.com/x ',
        categoryId: '2',
        author: ' Content Team ',
        coverImageUrl: ' https://res.cloudinary.com/demo/a.png ',
      }),
    ).toEqual({
      title: 'Excel Mastery',
      description: 'Formulas.',
      priceInNgn: 12000,
      priceInUsd: 19.99,
      url: 'https://drive.example.com/x',
      categoryId: 2,
      author: 'Content Team',
      coverImageUrl: 'https://res.cloudinary.com/demo/a.png',
    });
  });
});

describe('product form', () => {
  const valid = {
    title: 'Excel Mastery',
    description: 'Formulas.',
    priceInNgn: '12000',
    priceInUsd: '15',
    url: 'https://drive.example.com/x',
    categoryId: '2',
    author: 'Content Team',
    coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/digital_products/a.png',
  };
  it('has no errors when every field is right', () => {
    expect(productFormErrors(valid, 'edit')).toEqual({});
  });
  it('limits the title to 200 and the description to 10,000 characters, as the rules do', () => {
    expect(productFormErrors({ ...valid, title: 'x'.repeat(201), description: 'y'.repeat(10_001) }, 'post')).toEqual({
      title: 'Product Title must be at most 200 characters.',
      description: 'Description must be at most 10,000 characters.',
    });
  });
  it('wants category 1, 2 or 3 and checks the cover URL only when asked', () => {
    expect(productFormErrors({ ...valid, categoryId: '4', coverImageUrl: 'nope' }, 'post')).toEqual({
      categoryId: 'Please select a category.',
    });
    for (const unknown of ['0', '1.5', ' 1', ''])
      expect(productFormErrors({ ...valid, categoryId: unknown }, 'post')).toEqual({
        categoryId: 'Please select a category.',
      });
    expect(productFormErrors({ ...valid, categoryId: '3' }, 'post')).toEqual({});
    expect(productFormErrors({ ...valid, coverImageUrl: 'nope' }, 'edit')).toEqual({
      coverImageUrl: 'Cover Image URL must be a full link starting with https://.',
    });
  });
});
