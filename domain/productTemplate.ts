// The product page template (docs/performance.md): the build renders the product page once for a
// product whose every shown field is a token, and the API's product page replaces the tokens with
// the real product (server/sharing/productMarkup). The shopper's browser then paints the cover,
// title, price and description before any JavaScript, and React hydrates that markup with the same
// product, which the page embeds (src/main.tsx puts it in the cache first). Apart from the names in
// pageContracts.ts because the token product is computed: the boot scripts, which import those
// names, must not carry the product decoder.
import { productFromData, type Product } from './product';
import type { WhatYouGet } from './whatYouGet';

/** The built file the API fills; it sits beside the shell (productdetail/index.html). */
export const productTemplateFile = 'productdetail/product.html';

/** Marks the root of a filled product page with the product's id (the token in the template). */
export const productIdAttribute = 'data-product';

/**
 * Tokens: plain letters, so escaping leaves them as they are, and nothing a seller types is one.
 * Read through the product decoder, so a field the page does not show needs no token.
 */
export const tokenProduct: Product = productFromData('storetemplateproductid', {
  title: 'Storetemplatetitle',
  description: 'Storetemplatedescription',
  priceInNgn: 987654321,
  priceInUsd: 123456789,
  categoryId: 0,
  coverImageUrl: 'https://storetemplatecover.invalid/demo/image/upload/v1/storetemplatecover.jpg',
  author: 'Storetemplateauthor',
  createdAt: '2000-01-01T00:00:00.000Z',
});

/**
 * 'What you get' in the template: one list item whose text ends with this token. The API replaces
 * that item with one item per line of the real product's list, or removes the section when it has
 * none (server/sharing/productMarkup.ts).
 */
export const whatYouGetToken = 'Storetemplatewhatyouget';
export const tokenWhatYouGet: WhatYouGet = {
  fileCount: 2,
  fileKinds: [whatYouGetToken],
  course: null,
  licenseKey: null,
};

/** Every token starts with this: a filled page that still has one is not used. */
export const tokenStem = 'storetemplate';
