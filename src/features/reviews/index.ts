// The reviews feature's public surface (docs/reviews.md): the buyer's form, and what the product page shows.
export { ReviewForm } from './components/ReviewForm';
export { RateButton } from './components/RateButton';
export { ProductRating, ProductReviews, ProductReviewsSection } from './components/ProductReviews';
export type { ReviewTarget } from './api/reviewsApi';
export { useCardRatings } from './useCardRatings';
