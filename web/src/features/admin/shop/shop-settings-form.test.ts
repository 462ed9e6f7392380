import { describe, expect, it } from 'vitest';
import { adminShopSettingsDto } from '../../../testing/shop-settings';
import {
  bodyIssues,
  bodyOf,
  formOf,
  issuesToFields,
  moneyText,
  parseDecimal,
  unplacedErrors,
} from './shop-settings-form';

describe("the shop's settings form (issue 37)", () => {
  it.each([
    ['15', 15],
    ['15,5', 15.5],
    ['1.234,56', 1234.56],
    ['R$ 15,00', 15],
    ['-23,5614', -23.5614],
    ['-46.6829', -46.6829],
    ['quinze', null],
    ['', null],
  ])('given %j typed, then the number %j', (typed, number) => {
    expect(parseDecimal(typed)).toBe(number);
  });

  it('given the saved document, when shown and saved unchanged, then the body parses to the same document', () => {
    const settings = adminShopSettingsDto();
    const form = formOf(settings);

    expect(moneyText(1234.5)).toBe('1.234,50');
    expect(form.whatsapp).toBe('(11) 98765-4321');
    const body = bodyOf(form);
    // Issue 40: the hours are the kitchen calendar's; the form no longer sends them.
    expect(body).not.toHaveProperty('openingHoursText');
    expect(bodyIssues(body)).toEqual([]);
    expect(body).toMatchObject({
      name: settings.name,
      email: settings.email,
      // Issue 41: the daily summary's hour goes back as it is (left out, the server would reset it).
      dailySummaryTime: '18:00',
      location: settings.location,
      social: settings.social,
      deliveryZones: [
        { name: 'Todo o Brasil', zipCodeFrom: '01000-000', zipCodeTo: '99999-999', fee: 0 },
      ],
    });
  });

  it('given a blank minimum, then none is sent; given text where a number goes, then the text as typed (the rules answer it)', () => {
    const form = formOf(adminShopSettingsDto());
    const [zone] = form.zones;
    if (!zone) throw new Error('no zone');
    const body = bodyOf({
      ...form,
      latitude: 'norte',
      zones: [{ ...zone, fee: '15,00', minimumOrder: '' }],
    });

    expect(body.deliveryZones).toEqual([
      { name: 'Todo o Brasil', zipCodeFrom: '01000-000', zipCodeTo: '99999-999', fee: 15 },
    ]);
    expect(body.location.latitude).toBe('norte');
  });

  it('given money typed the Brazilian way (issue 38), then exactly that amount; an ambiguous text is sent as typed, so the rules refuse it', () => {
    const form = formOf(adminShopSettingsDto());
    const [zone] = form.zones;
    if (!zone) throw new Error('no zone');
    const body = bodyOf({
      ...form,
      zones: [
        { ...zone, fee: '1,20', minimumOrder: '1.234,56' },
        { ...zone, fee: '35.5', minimumOrder: '1.234' },
      ],
    });

    expect(body.deliveryZones.map((row) => [row.fee, row.minimumOrder])).toEqual([
      [1.2, 1234.56],
      [35.5, '1.234'],
    ]);
  });

  it("given the rules' issues, then each path its first message; those no field shows are told apart", () => {
    const fields = issuesToFields([
      { path: ['whatsapp'], message: 'a' },
      { path: ['whatsapp'], message: 'b' },
      { path: ['deliveryZones', 0, 'fee'], message: 'c' },
      { path: [], message: 'd' },
    ]);

    expect(fields).toEqual({ whatsapp: 'a', 'deliveryZones.0.fee': 'c', _: 'd' });
    expect(unplacedErrors(fields, 1)).toEqual(['d']);
    expect(unplacedErrors(fields, 0)).toEqual(['c', 'd']);
  });
});
