// The catalog's public surface for other features: the search reads every product through the same
// RTK Query cache entry as /allproducts, so moving between them never fetches twice.
import { catalogApi } from './api/catalogApi';

export const allProductsQuery = catalogApi.endpoints.getAllProducts;
