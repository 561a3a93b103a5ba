// The sitemap's files (docs/catalog-and-search.md, 'Search engines'), built from the catalog index's
// shard documents: about ten reads at any catalog size. seoRoutes.ts serves them.
import type { Firestore } from 'firebase-admin/firestore';
import { entriesOfShard, sortNewestFirst } from '../../domain/catalogIndex';
import { categories } from '../../domain/categories';
import { isoDate } from '../../domain/dates';
import { sitemapProtocolLimits, sitemapUrls, splitSitemap, type SitemapLimits } from './sitemap';
import { catalogIndexCollection } from '../lib/collections';

export interface SeoRouteDeps {
  db: Firestore;
  /** The store's public origin: every URL in the sitemap is absolute. */
  storeUrl: string;
  /** The protocol's limits; smaller in tests, so a split shows without 50,000 products. */
  sitemapLimits?: SitemapLimits;
}

/** Reads the catalog index and splits its URLs into the sitemap's files, on each call. */
export function createSitemapSource(deps: SeoRouteDeps) {
  const limits = deps.sitemapLimits ?? sitemapProtocolLimits;
  return async function sitemapFiles() {
    const shards = await deps.db.collection(catalogIndexCollection).get();
    // Newest first, as the store lists them: the first file holds what changed last.
    const products = sortNewestFirst(
      shards.docs.flatMap((shard) => entriesOfShard(shard.data(), (value) => isoDate(value))),
    );
    return splitSitemap(
      sitemapUrls(
        products,
        deps.storeUrl,
        categories.map((category) => category.id),
      ),
      limits,
    );
  };
}
