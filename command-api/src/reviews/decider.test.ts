import { describe, expect, it } from 'vitest';
import { messages, reviewMessages, type ReviewEvent } from '@quitute/contracts';
import { fold } from '../shared/decider';
import { deciderSpec, refusal } from '../shared/decider-testing';
import { reviewDecider, type ReviewCommand } from './decider';

const reviewId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const ana = '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b';
const bia = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const brigadeiro = 'c4d5e6f7-0a1b-4c2d-8e3f-4a5b6c7d8e9f';

const submit = (fields: Partial<Extract<ReviewCommand, { type: 'SubmitReview' }>> = {}) =>
  ({
    type: 'SubmitReview',
    reviewId,
    userId: ana,
    userName: 'Ana Souza',
    userEmail: 'ana@exemplo.com.br',
    productId: brigadeiro,
    productName: 'Brigadeiro',
    rating: 5,
    comment: 'Delicioso!',
    ...fields,
  }) satisfies ReviewCommand;

const submitted: ReviewEvent = {
  type: 'ReviewSubmitted',
  data: {
    reviewId,
    userId: ana,
    userName: 'Ana Souza',
    userEmail: 'ana@exemplo.com.br',
    productId: brigadeiro,
    productName: 'Brigadeiro',
    rating: 5,
    comment: 'Delicioso!',
  },
};
const approved: ReviewEvent = { type: 'ReviewApproved', data: { reviewId } };
const deleted: ReviewEvent = { type: 'ReviewDeleted', data: { reviewId } };
const reportedBy = (reporterId: string): ReviewEvent => ({
  type: 'ReviewReported',
  data: { reviewId, reporterId },
});

const given = deciderSpec(reviewDecider);

describe('review decider: SubmitReview', () => {
  it('given no review, when a customer submits one, then ReviewSubmitted (pending until approved)', () => {
    expect(given([]).when(submit())()).toEqual([submitted]);
    expect(fold(reviewDecider, [submitted])).toMatchObject({ status: 'pending', userId: ana });
  });

  it.each([undefined, '', '   \n '])(
    'given no review, when submitted with comment %j, then the comment is "Sem comentário"',
    (comment) => {
      const [event] = given([]).when(submit({ comment }))();
      expect(event).toMatchObject({ data: { comment: 'Sem comentário' } });
    },
  );

  it('given no review, when the comment has spaces around it, then they are trimmed', () => {
    const [event] = given([]).when(submit({ comment: '  Muito bom.  ' }))();
    expect(event).toMatchObject({ data: { comment: 'Muito bom.' } });
  });

  it.each([0, 6, 4.5, Number.NaN])(
    'given no review, when rated %s, then 400 with the spec message and nothing is decided',
    (rating) => {
      expect(refusal(given([]).when(submit({ rating })))).toMatchObject({
        code: 'validation',
        message: reviewMessages.required,
      });
    },
  );

  it('given a review with that id, when submitted again, then 409: an id names one review', () => {
    expect(refusal(given([submitted]).when(submit())).code).toBe('conflict');
    expect(refusal(given([submitted]).when(submit())).message).toBe(messages.duplicateEvent);
  });
});

describe('review decider: ApproveReview', () => {
  it('given a pending review, when approved, then ReviewApproved', () => {
    expect(given([submitted]).when({ type: 'ApproveReview', reviewId })()).toEqual([approved]);
  });

  it('given an approved review, when approved again, then 409 and nothing changes', () => {
    expect(
      refusal(given([submitted, approved]).when({ type: 'ApproveReview', reviewId })),
    ).toMatchObject({ code: 'conflict', message: reviewMessages.alreadyApproved });
  });

  it.each([
    ['no review', []],
    ['a deleted review', [submitted, deleted]],
  ])('given %s, when approved, then 404', (_case, events) => {
    expect(refusal(given(events).when({ type: 'ApproveReview', reviewId }))).toMatchObject({
      code: 'not_found',
      message: reviewMessages.notFound,
    });
  });
});

describe('review decider: DeleteReview', () => {
  it.each([
    ['a pending review', [submitted]],
    ['an approved, reported review', [submitted, approved, reportedBy(bia)]],
  ])('given %s, when deleted, then ReviewDeleted', (_case, events) => {
    expect(given(events).when({ type: 'DeleteReview', reviewId })()).toEqual([deleted]);
  });

  it.each([
    ['no review', []],
    ['a deleted review', [submitted, deleted]],
  ])('given %s, when deleted, then 404', (_case, events) => {
    expect(refusal(given(events).when({ type: 'DeleteReview', reviewId })).code).toBe('not_found');
  });
});

describe('review decider: ReportReview', () => {
  const report = (reporterId: string): ReviewCommand => ({
    type: 'ReportReview',
    reviewId,
    reporterId,
  });

  it("given someone else's approved review, when a customer reports it, then ReviewReported", () => {
    expect(given([submitted, approved]).when(report(bia))()).toEqual([reportedBy(bia)]);
  });

  it('given a review this customer already reported, when reported again, then 409', () => {
    expect(refusal(given([submitted, approved, reportedBy(bia)]).when(report(bia)))).toMatchObject({
      code: 'conflict',
      message: reviewMessages.alreadyReported,
    });
  });

  it('given a review reported by one customer, when another reports it, then it counts again', () => {
    const third = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    expect(given([submitted, approved, reportedBy(bia)]).when(report(third))()).toEqual([
      reportedBy(third),
    ]);
  });

  it('given her own approved review, when its author reports it, then 403', () => {
    expect(refusal(given([submitted, approved]).when(report(ana)))).toMatchObject({
      code: 'forbidden',
      message: reviewMessages.ownReview,
    });
  });

  it.each([
    ['a pending review (not public yet)', [submitted]],
    ['no review', []],
    ['a deleted review', [submitted, approved, deleted]],
  ])('given %s, when reported, then 404', (_case, events) => {
    expect(refusal(given(events).when(report(bia))).code).toBe('not_found');
  });
});
