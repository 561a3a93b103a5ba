import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { Timestamp as LiteTimestamp } from 'firebase/firestore/lite';
import { describe, expect, it } from 'vitest';
import { outlineFromData, productFromData } from '../../../domain/product';

describe('productFromData: the one decoder of a product document', () => {
  it('reads every field, with createdAt from either SDK’s Timestamp or an ISO string', () => {
    const fields = {
      title: 'React Web Development Bootcamp',
      description: 'Build and deploy modern web apps.',
      priceInNgn: 45000,
      priceInUsd: 49.5,
      categoryId: 2,
      coverImageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/covers/react.png',
      author: 'Content Team',
    };
    const expected = {
      id: 'react',
      ...fields,
      createdAt: '2026-03-01T09:30:00.123Z',
    };
    const lite = new LiteTimestamp(1772357400, 123456000);
    const admin = new AdminTimestamp(1772357400, 123456000);
    expect(productFromData('react', { ...fields, createdAt: lite })).toEqual(expected);
    expect(productFromData('react', { ...fields, createdAt: admin })).toEqual(expected);
    expect(productFromData('react', { ...fields, createdAt: '2026-03-01T09:30:00.123456Z' })).toEqual(expected);
  });

  it('gives a missing field its empty value', () => {
    expect(productFromData('bare', {})).toEqual({
      id: 'bare',
      title: '',
      description: '',
      priceInNgn: 0,
      priceInUsd: 0,
      categoryId: 0,
      coverImageUrl: '',
      author: '',
      createdAt: '1970-01-01T00:00:00.000Z',
    });
  });

  it('reads only numbers as prices and the category (the rules store nothing else), never a numeric string', () => {
    const product = productFromData('odd', {
      priceInNgn: '7500',
      priceInUsd: Number.NaN,
      categoryId: Number.POSITIVE_INFINITY,
      title: 42,
      createdAt: 'not a date',
    });
    expect(product).toMatchObject({
      priceInNgn: 0,
      priceInUsd: 0,
      categoryId: 0,
      title: '',
      createdAt: '1970-01-01T00:00:00.000Z',
    });
  });
});

describe('outlineFromData', () => {
  it('reads an outline item, and gives missing fields their empty value', () => {
    expect(
      outlineFromData('o1', {
        productId: 'react',
        outline: 'Components and props',
        outlineOrder: 2,
        createdAt: new AdminTimestamp(1772357402, 0),
      }),
    ).toEqual({
      id: 'o1',
      productId: 'react',
      outline: 'Components and props',
      outlineOrder: 2,
      createdAt: '2026-03-01T09:30:02.000Z',
    });
    expect(outlineFromData('o2', { outlineOrder: '3' })).toEqual({
      id: 'o2',
      productId: '',
      outline: '',
      outlineOrder: 0,
      createdAt: '1970-01-01T00:00:00.000Z',
    });
  });
});
