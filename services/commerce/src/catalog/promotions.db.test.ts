import { testDriver } from '@catalogue/db/testing';
import { Me, Promotions } from 'ordercloud-javascript-sdk';
import { describe, expect, it } from 'vitest';
import { commerceForTests, loginAs, refusal } from '../testing/sdk';

const DAY = 24 * 60 * 60 * 1000;
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

describe(`promotions and /me/promotions through the SDK on ${testDriver()}`, () => {
  commerceForTests();

  it('creates, patches, replaces and deletes promotions, validating codes, expressions and dates', async () => {
    await loginAs('admin');
    const created = await Promotions.Create({
      ID: 'SPRING',
      Code: 'Spring10',
      Name: 'Spring sale',
      EligibleExpression: 'order.Subtotal > 100',
      ValueExpression: 'order.Subtotal * 0.1',
      StartDate: at(-1),
      ExpirationDate: at(30),
      RedemptionCount: 99,
    } as never);
    expect(created).toMatchObject({
      ID: 'SPRING',
      Code: 'Spring10',
      RedemptionCount: 0,
      Active: true,
      AllowAllBuyers: false,
      CanCombine: false,
      LineItemLevel: false,
      OwnerID: '',
    });
    expect(new Date(created.ExpirationDate).getTime()).toBeGreaterThan(Date.now());

    // Codes are unique whatever their case.
    const taken = await refusal(
      Promotions.Create({ Code: 'SPRING10', Name: 'Copy', EligibleExpression: 'true', ValueExpression: '5' }),
    );
    expect(taken.status).toBe(409);
    expect(taken.errorCode).toBe('Promotion.CodeMustBeUnique');
    const renamedToTaken = await Promotions.Create({
      ID: 'OTHER',
      Code: 'other',
      Name: 'Other',
      ValueExpression: '1',
    });
    expect(renamedToTaken.EligibleExpression).toBe('true');
    expect((await refusal(Promotions.Patch('OTHER', { Code: 'spring10' }))).errorCode).toBe(
      'Promotion.CodeMustBeUnique',
    );

    const missing = await refusal(Promotions.Create({ Code: 'X', Name: 'No value' }));
    expect(missing.errors?.[0]).toMatchObject({
      ErrorCode: 'Required',
      Data: { Property: 'ValueExpression' },
    });
    const blank = await refusal(Promotions.Create({ Code: 'Y', Name: 'Blank', ValueExpression: '  ' }));
    expect(blank.errors?.[0]).toMatchObject({
      ErrorCode: 'ValidationFailure',
      Data: { Property: 'ValueExpression' },
    });
    const long = await refusal(
      Promotions.Create({ Code: 'Z', Name: 'Long', ValueExpression: 'x'.repeat(5000) }),
    );
    expect(long.status).toBe(400);

    // Dates: the expiration follows the start, also when only one of them changes.
    const backwards = await refusal(
      Promotions.Create({
        Code: 'BACK',
        Name: 'Backwards',
        ValueExpression: '1',
        StartDate: at(2),
        ExpirationDate: at(1),
      }),
    );
    expect(backwards.errors?.[0]).toMatchObject({
      ErrorCode: 'ValidationFailure',
      Data: { Property: 'ExpirationDate' },
    });
    const early = await refusal(Promotions.Patch('SPRING', { ExpirationDate: at(-2) }));
    expect(early.status).toBe(400);
    expect((await Promotions.Get('SPRING')).ExpirationDate).toBe(created.ExpirationDate);
    expect(
      (
        await refusal(
          Promotions.Create({ Code: 'BADDATE', Name: 'x', ValueExpression: '1', StartDate: 'soon' }),
        )
      ).status,
    ).toBe(400);

    const patched = await Promotions.Patch('SPRING', {
      Description: 'Ten percent',
      xp: { Banner: 'spring' },
    });
    expect(patched).toMatchObject({ Description: 'Ten percent', xp: { Banner: 'spring' }, Code: 'Spring10' });
    const replaced = await Promotions.Save('SPRING', {
      Code: 'Spring10',
      Name: 'Spring',
      ValueExpression: '10',
    });
    expect(replaced).toMatchObject({ Description: null, StartDate: null, ExpirationDate: null, xp: {} });
    const listed = await Promotions.List({ filters: { Code: 'spring*' } });
    expect(listed.Items.map((p) => p.ID)).toEqual(['SPRING']);
    await Promotions.Delete('OTHER');
    expect((await refusal(Promotions.Get('OTHER'))).status).toBe(404);
  });

  it('assigns promotions to buyers and groups and shows buyer users the ones they may use', async () => {
    await loginAs('admin');
    const make = (ID: string, extra: Record<string, unknown> = {}) =>
      Promotions.Create({ ID, Code: ID, Name: ID, ValueExpression: '5', ...extra });
    await make('ALL', { AllowAllBuyers: true });
    await make('ACME');
    await make('PREFAB');
    await make('NORD');
    await make('OFF', { AllowAllBuyers: true, Active: false });
    await make('LATER', { AllowAllBuyers: true, StartDate: at(5) });
    await make('OVER', { AllowAllBuyers: true, StartDate: at(-5), ExpirationDate: at(-1) });
    await Promotions.SaveAssignment({ PromotionID: 'ACME', BuyerID: 'ACME-US' });
    await Promotions.SaveAssignment({
      PromotionID: 'PREFAB',
      BuyerID: 'ACME-US',
      UserGroupID: 'acme-prefab-partners',
    });
    await Promotions.SaveAssignment({ PromotionID: 'NORD', BuyerID: 'NORD-EU' });
    await Promotions.SaveAssignment({ PromotionID: 'NORD', BuyerID: 'NORD-EU' });
    expect((await Promotions.ListAssignments({ buyerID: 'ACME-US' })).Items).toEqual([
      { PromotionID: 'ACME', BuyerID: 'ACME-US', UserGroupID: null },
      { PromotionID: 'PREFAB', BuyerID: 'ACME-US', UserGroupID: 'acme-prefab-partners' },
    ]);
    expect((await Promotions.ListAssignments({ level: 'Company', buyerID: 'ACME-US' })).Items).toHaveLength(
      1,
    );
    expect((await refusal(Promotions.ListAssignments({ level: 'Person' as never }))).status).toBe(400);
    expect(
      (
        await refusal(
          Promotions.SaveAssignment({
            PromotionID: 'ACME',
            BuyerID: 'ACME-US',
            UserGroupID: 'nord-eu-buyers',
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await refusal(Promotions.SaveAssignment({ PromotionID: 'ACME' } as never))).errors?.[0]?.ErrorCode,
    ).toBe('Required');

    const mine = async (username: string) => {
      await loginAs(username);
      return (await Me.ListPromotions({ pageSize: 100 })).Items.map((p) => p.ID).sort();
    };
    expect(await mine('prefab')).toEqual(['ACME', 'ALL', 'PREFAB']);
    expect(await mine('engineer')).toEqual(['ACME', 'ALL']);
    expect(await mine('eu-buyer')).toEqual(['ALL', 'NORD']);
    expect(await mine('ca-buyer')).toEqual(['ALL']);
    // Filters and sorting run in the list kernel.
    await loginAs('prefab');
    expect((await Me.ListPromotions({ filters: { Code: 'P*' } })).Items.map((p) => p.ID)).toEqual(['PREFAB']);
    expect((await Me.ListPromotions({ sortBy: ['!ID'] as never })).Items.map((p) => p.ID)).toEqual([
      'PREFAB',
      'ALL',
      'ACME',
    ]);
    expect((await Me.GetPromotion('PREFAB')).Code).toBe('PREFAB');
    expect((await refusal(Me.GetPromotion('NORD'))).status).toBe(404);
    expect((await refusal(Me.GetPromotion('LATER'))).status).toBe(404);
    await loginAs('engineer');
    expect((await refusal(Me.GetPromotion('PREFAB'))).status).toBe(404);

    // Removing an assignment takes the promotion away.
    await loginAs('admin');
    await Promotions.DeleteAssignment('PREFAB', { buyerID: 'ACME-US', userGroupID: 'acme-prefab-partners' });
    expect((await refusal(Promotions.DeleteAssignment('PREFAB', { buyerID: 'ACME-US' }))).status).toBe(404);
    expect((await refusal(Promotions.DeleteAssignment('PREFAB'))).status).toBe(400);
    expect(await mine('prefab')).toEqual(['ACME', 'ALL']);
  });

  it('keeps promotions to marketplace users with the roles', async () => {
    await loginAs('employee');
    expect((await refusal(Promotions.List())).errorCode).toBe('InsufficientRoles');
    expect((await refusal(Promotions.ListAssignments())).errorCode).toBe('InsufficientRoles');
    await loginAs('admin');
    const asSeller = await refusal(Me.ListPromotions());
    expect(asSeller.status).toBe(403);
    expect(asSeller.errorCode).toBe('InvalidUserType');
  });
});
