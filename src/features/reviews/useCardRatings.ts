// The storefront cards' ratings (docs/reviews.md): one request for the products a list shows, after it
// has rendered; none while there are no products. A failed answer shows no stars, nothing else.
import type { RatingSummary } from '../../../domain/reviews';
import { useGetCardRatingsQuery } from './api/reviewsApi';

const none: Readonly<Record<string, RatingSummary>> = {};

export function useCardRatings(productIds: readonly string[] | undefined): Readonly<Record<string, RatingSummary>> {
  const ids = (productIds ?? []).join(',');
  const { data } = useGetCardRatingsQuery(ids, { skip: ids === '' });
  return data ?? none;
}
