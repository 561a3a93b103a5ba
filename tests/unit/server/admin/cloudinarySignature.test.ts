import { describe, expect, it } from 'vitest';
import { isValidSignature, signParams, stringToSign } from '../../../../server/admin/cloudinarySignature';

describe('Cloudinary request signature', () => {
  it("matches the example in Cloudinary's documentation", () => {
    const params = { eager: 'w_400,h_300,c_pad|w_260,h_200,c_crop', public_id: 'sample_image', timestamp: 1315060510 };
    expect(stringToSign(params)).toBe(
      'eager=w_400,h_300,c_pad|w_260,h_200,c_crop&public_id=sample_image&timestamp=1315060510',
    );
    expect(signParams(params, 'abcd')).toBe('bfd09f95f331f558cbd1320e67aa8d488770583e');
  });

  it('sorts by name and leaves out file, cloud_name, resource_type, api_key, signature and empty values', () => {
    expect(
      stringToSign({
        timestamp: 1700000000,
        folder: 'digital_products',
        api_key: 'key',
        cloud_name: 'demo',
        resource_type: 'image',
        file: 'data',
        signature: 'x',
        tags: '',
      }),
    ).toBe('folder=digital_products&timestamp=1700000000');
  });

  it('signs an upload to the products folder with the secret appended', () => {
    expect(signParams({ folder: 'digital_products', timestamp: 1700000000 }, 'local-secret')).toBe(
      'cb68b8651743782b46e4454930b98d3681141013',
    );
  });

  it('accepts the right signature in either case and refuses any other', () => {
    const params = { public_id: 'digital_products/abc', timestamp: 1700000000 };
    const signature = signParams(params, 'secret');
    expect(isValidSignature(params, signature, 'secret')).toBe(true);
    expect(isValidSignature(params, signature.toUpperCase(), 'secret')).toBe(true);
    expect(isValidSignature(params, signature, 'other')).toBe(false);
    expect(isValidSignature({ ...params, public_id: 'digital_products/abd' }, signature, 'secret')).toBe(false);
    expect(isValidSignature(params, 'short', 'secret')).toBe(false);
  });
});
