import { describe, expect, it } from 'vitest';
import { recommendationRequest, recommendedProducts } from './recommendation-request';

describe('recommendation widgets’ request and answer', () => {
  it('asks for the page’s widgets with its locale, product and (with consent) browser id', () => {
    expect(
      recommendationRequest({
        locale: 'de-EU',
        pageUri: '/product/EMT-050-10',
        uuid: 'browser-1',
        productId: 'EMT-050-10',
        rfkIds: ['rfkid_1', 'rfkid_3'],
      }),
    ).toEqual({
      context: {
        page: { uri: '/product/EMT-050-10' },
        locale: { country: 'eu', language: 'de' },
        user: { uuid: 'browser-1' },
        ids: { product: ['EMT-050-10'] },
      },
      widget: {
        items: [
          { entity: 'product', rfk_id: 'rfkid_1', recommendations: { content: { fields: ['id', 'name'] } } },
          { entity: 'product', rfk_id: 'rfkid_3', recommendations: { content: { fields: ['id', 'name'] } } },
        ],
      },
    });
    const anonymous = recommendationRequest({
      locale: 'en-US',
      pageUri: '/',
      uuid: null,
      productId: null,
      rfkIds: ['rfkid_4'],
    });
    expect(anonymous.context).toEqual({ page: { uri: '/' }, locale: { country: 'us', language: 'en' } });
  });

  it('reads each widget’s products by rfk_id and entity, skipping items without an id', () => {
    const answer = {
      widgets: [
        { rfk_id: 'rfkid_1', entity: 'content', content: [{ id: 'wrong-entity' }] },
        {
          rfk_id: 'rfkid_1',
          entity: 'product',
          content: [{ id: 'A', name: 'Conduit A' }, { name: 'x' }, { id: 'B' }],
        },
        { rfk_id: 'rfkid_3', entity: 'product', errors: [{ message: 'broken' }] },
      ],
    };
    expect(recommendedProducts(answer, 'rfkid_1')).toEqual([
      { id: 'A', name: 'Conduit A' },
      { id: 'B', name: 'B' },
    ]);
    expect(recommendedProducts(answer, 'rfkid_3')).toEqual([]);
    expect(recommendedProducts(answer, 'rfkid_9')).toEqual([]);
    expect(recommendedProducts(null, 'rfkid_1')).toEqual([]);
  });
});
