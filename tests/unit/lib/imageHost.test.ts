import { describe, expect, it } from 'vitest';
import { imageHostName, publicIdFromUrl } from '../../../src/lib/imageHost';

const cloudinary = 'https://res.cloudinary.com/demo/image/upload/v1712345678/digital_products/cover.png';

describe('publicIdFromUrl', () => {
  it('drops the host, /image/upload/, the version segment and the extension', () => {
    expect(publicIdFromUrl(cloudinary)).toBe('digital_products/cover');
  });
  it('drops transformation segments before the version', () => {
    expect(
      publicIdFromUrl(
        'https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_400/e_sharpen/v17/digital_products/abc123.webp',
      ),
    ).toBe('digital_products/abc123');
  });
  it('handles an upload without a version segment', () => {
    expect(publicIdFromUrl('https://res.cloudinary.com/demo/image/upload/w_200/digital_products/x9.jpg')).toBe(
      'digital_products/x9',
    );
    expect(publicIdFromUrl('https://res.cloudinary.com/demo/image/upload/digital_products/x9.jpg')).toBe(
      'digital_products/x9',
    );
  });
  it('keeps dots inside the name and ignores the query string', () => {
    expect(publicIdFromUrl('http://127.0.0.1:9400/demo-cloud/image/upload/v1/digital_products/my.cover.png?x=1')).toBe(
      'digital_products/my.cover',
    );
  });
  it('keeps nested folders', () => {
    expect(publicIdFromUrl('https://res.cloudinary.com/demo/image/upload/v1/digital_products/2025/a.png')).toBe(
      'digital_products/2025/a',
    );
  });
  it('is null for URLs that are not uploads', () => {
    expect(publicIdFromUrl('https://images.test/covers/1.png')).toBeNull();
    expect(publicIdFromUrl('not a url')).toBeNull();
    expect(publicIdFromUrl('https://res.cloudinary.com/demo/image/upload/v12/')).toBeNull();
  });
});

describe('imageHostName', () => {
  it('names the host of the upload URL', () => {
    expect(imageHostName('https://api.cloudinary.com/v1_1/demo/image/upload')).toBe('api.cloudinary.com');
    expect(imageHostName('http://127.0.0.1:9400/v1_1/demo-cloud/image/upload')).toBe('127.0.0.1');
  });
});
