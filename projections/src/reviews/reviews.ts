import {
  foldForSearch,
  reviewDocumentSchema,
  reviewEventSchemas,
  REVIEWS_COLLECTION,
  REVIEWS_PROJECTION,
  type ReviewDocument,
} from '@quitute/contracts';
import { defineProjection } from '../projection';

/**
 * One document per review (reviews_v1), keyed by its id: pending until an
 * admin approves it, removed when deleted, with its report count. Times are
 * the events' `occurredAt`.
 */
export const reviewsProjection = defineProjection({
  name: REVIEWS_PROJECTION,
  collection: REVIEWS_COLLECTION,
  events: reviewEventSchemas,
  document: reviewDocumentSchema,
  indexes: [
    // The public list (approved, newest first) and a product's reviews.
    { fields: { status: 1, createdAt: -1, submittedAt: -1 } },
    { fields: { productId: 1, createdAt: -1, submittedAt: -1 } },
  ],
  documentId: (event) => event.data.reviewId,
  evolve(document, event, recorded): ReviewDocument | null {
    switch (event.type) {
      case 'ReviewSubmitted': {
        const { reviewId, ...review } = event.data;
        return {
          _id: reviewId,
          ...review,
          status: 'pending',
          createdAt: recorded.metadata.occurredAt,
          approvedAt: null,
          reportCount: 0,
          searchText: foldForSearch(
            [review.productName, review.userName, review.userEmail, review.comment].join(' '),
          ),
          submittedAt: recorded.position,
        };
      }
      case 'ReviewApproved':
        return (
          document && {
            ...document,
            status: 'approved',
            approvedAt: document.approvedAt ?? recorded.metadata.occurredAt,
          }
        );
      case 'ReviewReported':
        return document && { ...document, reportCount: document.reportCount + 1 };
      case 'ReviewDeleted':
        return null;
      default: {
        const unexpected: never = event;
        throw new Error(`Unexpected event ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
