import { describe, expect, it } from 'vitest';
import type { ConsentEvent } from '@quitute/contracts';
import { deciderSpec } from '../shared/decider-testing';
import { consentDecider, type RecordConsent } from './decider';

const consentId = '2c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f';
const userId = '0b6f1c2e-4d3a-4e5f-8a9b-1c2d3e4f5a6b';

const recorded = (consent: 'accepted' | 'rejected', by?: string): ConsentEvent => ({
  type: 'CookieConsentRecorded',
  data: { consentId, consent, ...(by ? { userId: by } : {}) },
});
const record = (consent: 'accepted' | 'rejected', by?: string): RecordConsent => ({
  type: 'RecordConsent',
  consentId,
  consent,
  userId: by,
});

const given = deciderSpec(consentDecider);

describe('consent decider', () => {
  it('given a browser with no choice on record, when it accepts, then CookieConsentRecorded', () => {
    expect(given([]).when(record('accepted'))()).toEqual([recorded('accepted')]);
  });

  it('given a signed-in customer, when she accepts, then her id is on the record', () => {
    expect(given([]).when(record('accepted', userId))()).toEqual([recorded('accepted', userId)]);
  });

  it('given an accepted choice, when the same browser accepts again (signed in or not), then nothing new', () => {
    expect(given([recorded('accepted')]).when(record('accepted'))()).toEqual([]);
    expect(given([recorded('accepted')]).when(record('accepted', userId))()).toEqual([]);
  });

  it('given an accepted choice, when the browser rejects, then the change is recorded; accepting again records again', () => {
    expect(given([recorded('accepted')]).when(record('rejected'))()).toEqual([
      recorded('rejected'),
    ]);
    expect(given([recorded('accepted'), recorded('rejected')]).when(record('accepted'))()).toEqual([
      recorded('accepted'),
    ]);
  });
});
