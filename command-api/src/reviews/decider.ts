import {
  DEFAULT_REVIEW_COMMENT,
  MAX_REVIEW_RATING,
  messages,
  MIN_REVIEW_RATING,
  parseEvent,
  reviewEventSchemas,
  reviewMessages,
  type ReviewEvent,
  assertNever,
} from '@quitute/contracts';
import { AppError } from '@quitute/infra/errors';
import type { RecordedEvent } from '@quitute/infra/event-store';
import type { Decider } from '../shared/decider';

/** A review from its submission on: who wrote it, and who reported it. */
export interface ReviewOnRecord {
  status: 'pending' | 'approved';
  reviewId: string;
  userId: string;
  /** Customers who reported it, each once. */
  reporters: string[];
}

export type ReviewState =
  { status: 'absent' } | ReviewOnRecord | { status: 'deleted'; reviewId: string };

/**
 * Review commands. The shell has already resolved the product through the
 * catalogue and the author's name and e-mail from their account; the new
 * review's id arrives in the command (decide stays pure, STYLE rule 5).
 */
export type ReviewCommand =
  | {
      type: 'SubmitReview';
      reviewId: string;
      userId: string;
      userName: string;
      userEmail: string;
      productId: string;
      productName: string;
      rating: number;
      /** Absent or blank: 'Sem comentário' (spec §5). */
      comment?: string | undefined;
    }
  | { type: 'ApproveReview'; reviewId: string }
  | { type: 'DeleteReview'; reviewId: string }
  | { type: 'ReportReview'; reviewId: string; reporterId: string };

/** What a review says: the customer's comment trimmed, or 'Sem comentário' when blank (spec §5). */
export function reviewComment(comment: string | undefined): string {
  const trimmed = comment?.trim() ?? '';
  return trimmed === '' ? DEFAULT_REVIEW_COMMENT : trimmed;
}

const notFound = () => new AppError('not_found', reviewMessages.notFound);

function onRecord(state: ReviewState): ReviewOnRecord {
  if (state.status === 'absent' || state.status === 'deleted') throw notFound();
  return state;
}

function submit(
  command: Extract<ReviewCommand, { type: 'SubmitReview' }>,
  state: ReviewState,
): ReviewEvent[] {
  // A review id is new for every submission: one already used names another review.
  if (state.status !== 'absent') throw new AppError('conflict', messages.duplicateEvent);
  const { rating } = command;
  if (!Number.isInteger(rating) || rating < MIN_REVIEW_RATING || rating > MAX_REVIEW_RATING) {
    throw new AppError('validation', reviewMessages.required);
  }
  return [
    {
      type: 'ReviewSubmitted',
      data: {
        reviewId: command.reviewId,
        userId: command.userId,
        userName: command.userName,
        userEmail: command.userEmail,
        productId: command.productId,
        productName: command.productName,
        rating,
        comment: reviewComment(command.comment),
      },
    },
  ];
}

function report(
  command: Extract<ReviewCommand, { type: 'ReportReview' }>,
  state: ReviewState,
): ReviewEvent[] {
  const review = onRecord(state);
  // A pending review is not public: to a customer it does not exist yet.
  if (review.status !== 'approved') throw notFound();
  if (review.userId === command.reporterId) {
    throw new AppError('forbidden', reviewMessages.ownReview);
  }
  if (review.reporters.includes(command.reporterId)) {
    throw new AppError('conflict', reviewMessages.alreadyReported);
  }
  return [
    {
      type: 'ReviewReported',
      data: { reviewId: review.reviewId, reporterId: command.reporterId },
    },
  ];
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: { status: 'absent' },

  evolve(state, event) {
    switch (event.type) {
      case 'ReviewSubmitted':
        return {
          status: 'pending',
          reviewId: event.data.reviewId,
          userId: event.data.userId,
          reporters: [],
        };
      case 'ReviewApproved':
        return state.status === 'pending' ? { ...state, status: 'approved' } : state;
      case 'ReviewDeleted':
        return { status: 'deleted', reviewId: event.data.reviewId };
      case 'ReviewReported':
        return state.status === 'pending' || state.status === 'approved'
          ? { ...state, reporters: [...state.reporters, event.data.reporterId] }
          : state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitReview':
        return submit(command, state);
      case 'ApproveReview': {
        const review = onRecord(state);
        // admin-spec §4: only a pending review can be approved; nothing changes otherwise.
        if (review.status !== 'pending') {
          throw new AppError('conflict', reviewMessages.alreadyApproved);
        }
        return [{ type: 'ReviewApproved', data: { reviewId: review.reviewId } }];
      }
      case 'DeleteReview': {
        const review = onRecord(state);
        return [{ type: 'ReviewDeleted', data: { reviewId: review.reviewId } }];
      }
      case 'ReportReview':
        return report(command, state);
      default:
        return assertNever(command);
    }
  },
};

export function parseReviewEvent(recorded: RecordedEvent): ReviewEvent | null {
  return parseEvent(reviewEventSchemas, recorded);
}
