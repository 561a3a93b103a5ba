// The catalog's public surface for other features: the search answers from the catalog index
// (docs/catalog-and-search.md), one RTK Query cache entry loaded once per visit and shared by every search.
import { catalogApi } from './api/catalogApi';

export const catalogIndexQuery = catalogApi.endpoints.getCatalogIndex;
export const useCatalogIndex = catalogApi.useGetCatalogIndexQuery;
