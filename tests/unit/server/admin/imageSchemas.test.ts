import { describe, expect, it } from 'vitest';
import { parseDeleteImage } from '../../../../server/admin/imageSchemas';

describe('POST /api/deleteproductimage body', () => {
  it.each(['digital_products/abc123', 'digital_products/excel-mastery', 'digital_products/2025/a_b.c'])(
    'accepts %s',
    (publicId) => {
      expect(parseDeleteImage({ public_id: publicId })).toEqual({ ok: true, value: { public_id: publicId } });
    },
  );

  it.each([
    ['another folder', 'avatars/abc'],
    ['the folder itself', 'digital_products'],
    ['a folder with the same prefix', 'digital_products_old/abc'],
    ['a parent step', 'digital_products/../avatars/abc'],
    ['a dot segment', 'digital_products/./abc'],
    ['a trailing slash', 'digital_products/abc/'],
    ['a query', 'digital_products/abc?x=1'],
    ['spaces', 'digital_products/a b'],
  ])('refuses %s', (_label, publicId) => {
    expect(parseDeleteImage({ public_id: publicId })).toEqual({
      ok: false,
      error: 'public_id must name an image in the digital_products folder.',
    });
  });

  it('requires a public_id string', () => {
    expect(parseDeleteImage({})).toEqual({ ok: false, error: 'public_id is required.' });
    expect(parseDeleteImage({ public_id: 42 })).toEqual({ ok: false, error: 'public_id is required.' });
    expect(parseDeleteImage(undefined)).toEqual({ ok: false, error: 'public_id is required.' });
  });

  it('refuses a body that is not an object with a sentence, not zod’s own words', () => {
    for (const body of [[], [{ public_id: 'digital_products/a' }], null, 'digital_products/a', 42]) {
      expect(parseDeleteImage(body)).toEqual({ ok: false, error: 'The request body must be a JSON object.' });
    }
  });
});
