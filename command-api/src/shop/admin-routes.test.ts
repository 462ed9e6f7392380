import { afterEach, describe, expect, it } from 'vitest';
import {
  accountMessages,
  adminShopSettingsDtoSchema,
  DEFAULT_SHOP_SETTINGS,
  SHOP_SETTINGS_STREAM,
  shopMessages,
  shopSettingsToAdminFields,
  type ShopSettingsBodyInput,
} from '@quitute/contracts';
import { createTokenService } from '@quitute/infra/auth';
import { createMemoryEventStore } from '@quitute/infra/event-store';
import { silentLogger } from '@quitute/infra/logging';
import { listenOnFreePort } from '@quitute/infra/testing';
import { createCatalogView } from '../catalog/catalog-view';
import { testCommandApp } from '../shared/test-app';
import { signedUpUser } from '../shared/testing';
import { initialShopSettings, seedShopSettings } from './shop-settings';

/**
 * PUT /api/admin/shop over real HTTP (issue 37): who may save the shop's
 * settings, what a save records (and for the auditors, who made it), what it
 * refuses, and that saving the same document records nothing.
 */

const secret = 'a-test-secret-that-is-long-enough-0123456789';
const now = () => new Date('2026-11-28T12:00:00.000Z');

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** The seeded document as the admin's page sends it back (reais, the fixed field names). */
const seededBody = (): ShopSettingsBodyInput => shopSettingsToAdminFields(DEFAULT_SHOP_SETTINGS);

async function openShopSettingsApi() {
  const eventStore = createMemoryEventStore();
  await seedShopSettings(eventStore, initialShopSettings(), now);
  const catalog = createCatalogView({ eventStore, logger: silentLogger });
  await catalog.start();
  closing.push(() => catalog.stop());
  const tokens = createTokenService({ secret });
  const app = testCommandApp({ eventStore, catalog, tokens, now });
  const server = await listenOnFreePort(app);
  closing.push(() => server.close());

  const put = async (sent: unknown, token?: string) => {
    const response = await fetch(`${server.url}/api/admin/shop`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(sent),
      signal: AbortSignal.timeout(10_000),
    });
    const body: unknown = await response.json();
    return { status: response.status, body };
  };
  const admin = () => signedUpUser(eventStore, tokens, { name: 'Rosa', role: 'admin', now });
  const customer = () => signedUpUser(eventStore, tokens, { name: 'Ana', now });
  const events = () => eventStore.readStream(SHOP_SETTINGS_STREAM);
  return { eventStore, put, admin, customer, events };
}

describe('PUT /api/admin/shop', () => {
  it('given the seeded settings, when the admin saves a new WhatsApp number and a delivery zone, then 200 with the saved document, and ShopSettingsChanged names the two fields and her as the actor', async () => {
    const api = await openShopSettingsApi();
    const rosa = await api.admin();
    const centro = {
      name: 'Centro',
      zipCodeFrom: '01000-000',
      zipCodeTo: '05999-999',
      fee: 15,
      minimumOrder: 100,
    };

    const answer = await api.put(
      { ...seededBody(), whatsapp: '(11) 91234-5678', deliveryZones: [centro] },
      rosa.token,
    );

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: shopMessages.saved });
    const saved = adminShopSettingsDtoSchema.parse(answer.body);
    const [, changed] = await api.events();
    expect(saved).toEqual({
      ...shopSettingsToAdminFields(DEFAULT_SHOP_SETTINGS),
      whatsapp: '11912345678',
      deliveryZones: [{ ...centro, zipCodeFrom: '01000000', zipCodeTo: '05999999' }],
      updatedAt: now().toISOString(),
      updatedBy: rosa.userId,
      position: changed?.position,
    });
    expect(changed?.type).toBe('ShopSettingsChanged');
    expect(changed?.data).toMatchObject({
      changedFields: ['whatsapp', 'deliveryZones'],
      settings: {
        whatsapp: '11912345678',
        deliveryZones: [
          {
            name: 'Centro',
            zipCodeFrom: '01000000',
            zipCodeTo: '05999999',
            feeCents: 1500,
            minimumOrderCents: 10_000,
          },
        ],
      },
    });
    expect(changed?.metadata).toMatchObject({
      actorId: rosa.userId,
      actorRole: 'admin',
      occurredAt: now().toISOString(),
    });
  });

  it('given a customer’s token, then 403; given none, then 401; nothing recorded either way', async () => {
    const api = await openShopSettingsApi();
    const ana = await api.customer();
    const body = { ...seededBody(), whatsapp: '11912345678' };

    expect(await api.put(body, ana.token)).toMatchObject({
      status: 403,
      body: { message: accountMessages.forbidden },
    });
    expect(await api.put(body)).toMatchObject({
      status: 401,
      body: { message: accountMessages.tokenMissing },
    });
    expect(await api.events()).toHaveLength(1);
  });

  it('given a malformed WhatsApp number, then 400 with its pt-BR message on the field, and nothing recorded', async () => {
    const api = await openShopSettingsApi();
    const rosa = await api.admin();

    const answer = await api.put({ ...seededBody(), whatsapp: '123' }, rosa.token);

    expect(answer).toMatchObject({
      status: 400,
      body: {
        message: shopMessages.whatsappInvalid,
        fields: { whatsapp: shopMessages.whatsappInvalid },
      },
    });
    expect(await api.events()).toHaveLength(1);
  });

  it('given a zone’s fee with a fraction of a centavo, then 400 on that zone’s field, and nothing recorded', async () => {
    const api = await openShopSettingsApi();
    const rosa = await api.admin();
    const [zone] = seededBody().deliveryZones;

    const answer = await api.put(
      { ...seededBody(), deliveryZones: [{ ...zone, fee: 15.001 }] },
      rosa.token,
    );

    expect(answer).toMatchObject({
      status: 400,
      body: { fields: { 'deliveryZones.0.fee': shopMessages.zoneFeeInvalid } },
    });
    expect(await api.events()).toHaveLength(1);
  });

  it('given the document as it is, when saved again, then 200 with it as it was last saved, and nothing recorded', async () => {
    const api = await openShopSettingsApi();
    const rosa = await api.admin();
    const first = await api.put({ ...seededBody(), name: 'Padaria da Rosa' }, rosa.token);
    const other = await api.admin();

    const again = await api.put({ ...seededBody(), name: 'Padaria da Rosa' }, other.token);

    expect(again.status).toBe(200);
    expect(adminShopSettingsDtoSchema.parse(again.body)).toEqual(
      adminShopSettingsDtoSchema.parse(first.body),
    );
    expect(adminShopSettingsDtoSchema.parse(again.body).updatedBy).toBe(rosa.userId);
    expect(await api.events()).toHaveLength(2);
  });
});
