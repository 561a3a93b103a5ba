import { describe, expect, it } from 'vitest';
import { imageSrcSet, resizedImageUrl } from '../../../domain/images';

const cloudinary = 'https://res.cloudinary.com/demo/image/upload/v1712345678/digital_products/cover.png';

describe('resizedImageUrl', () => {
  it('asks Cloudinary for the display width in the best format', () => {
    expect(resizedImageUrl(cloudinary, 400)).toBe(
      'https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_400/v1712345678/digital_products/cover.png',
    );
  });
  it('leaves other hosts alone', () => {
    expect(resizedImageUrl('https://images.test/covers/1.png', 400)).toBe('https://images.test/covers/1.png');
  });
  it('leaves an upload that already carries a transformation alone', () => {
    const transformed = 'https://res.cloudinary.com/demo/image/upload/w_200/v1/cover.png';
    expect(resizedImageUrl(transformed, 400)).toBe(transformed);
  });
});

describe('imageSrcSet', () => {
  it('offers each width', () => {
    expect(imageSrcSet(cloudinary, [400, 800])).toBe(
      [
        'https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_400/v1712345678/digital_products/cover.png 400w',
        'https://res.cloudinary.com/demo/image/upload/c_limit,f_auto,q_auto,w_800/v1712345678/digital_products/cover.png 800w',
      ].join(', '),
    );
  });
  it('has no srcset for images that cannot be resized', () => {
    expect(imageSrcSet('https://images.test/covers/1.png', [400, 800])).toBeUndefined();
  });
});
