// The seller's Reviews view (docs/reviews.md, 'The seller'): every review through the admin API (clients
// read no review under firestore.rules), the public reply, hide with a reason, show again.
import type { AdminReview } from '../../../../domain/reviews';
import { api, runQuery } from '../../../lib/api';
import { adminApiWords, callAsAdmin } from './adminHttp';

const base = '/api/admin/reviews';
const path = (id: string, action: string) => `${base}/${encodeURIComponent(id)}/${action}`;

const reviewsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminReviews: build.query<AdminReview[], void>({
      queryFn: () =>
        runQuery(async () => ((await callAsAdmin('GET', base)) as { reviews: AdminReview[] }).reviews, adminApiWords),
    }),
    replyToReview: build.mutation<{ reply: string | null }, { id: string; text: string }>({
      queryFn: ({ id, text }) =>
        runQuery(
          () => callAsAdmin('POST', path(id, 'reply'), { text }) as Promise<{ reply: string | null }>,
          adminApiWords,
        ),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        void dispatch(
          reviewsAdminApi.util.updateQueryData('getAdminReviews', undefined, (reviews) => {
            const review = reviews.find((each) => each.id === id);
            if (review) review.reply = data.reply;
          }),
        );
      },
    }),
    setReviewHidden: build.mutation<
      { status: AdminReview['status']; hiddenReason: string | null },
      { id: string; reason: string | null }
    >({
      queryFn: ({ id, reason }) =>
        runQuery(
          () =>
            callAsAdmin(
              'POST',
              path(id, reason === null ? 'show' : 'hide'),
              reason === null ? {} : { reason },
            ) as Promise<{
              status: AdminReview['status'];
              hiddenReason: string | null;
            }>,
          adminApiWords,
        ),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        void dispatch(
          reviewsAdminApi.util.updateQueryData('getAdminReviews', undefined, (reviews) => {
            const review = reviews.find((each) => each.id === id);
            if (review) Object.assign(review, data);
          }),
        );
      },
    }),
  }),
});

export const { useGetAdminReviewsQuery, useReplyToReviewMutation, useSetReviewHiddenMutation } = reviewsAdminApi;
