/**
 * A store's own fixtures, as a store would write them for its CI: two accounts, three members (one in
 * each account and one more in North), two of them able to sign in at the embedded identity provider, a
 * store-wide catalog and one that a rule shows to North only.
 */
export const ids = {
  north: '6b4c0e9e-8c7d-4eb5-90d1-c2bd0e9f8a76',
  south: '7c5d1faf-9d8e-4fc6-a1e2-d3ce1fa09b87',
  kim: '8d6e2ab0-ae9f-40d7-b2f3-e4df2ab1ac98',
  lee: '9e7f3bc1-bfa0-41e8-83a4-f5e03bc2bda9',
  joe: 'af804cd2-c0b1-42f9-94b5-a6f14cd3ceba',
  everyone: 'a0815cd3-c1b2-4300-95c6-b7025de4dfcb',
  northPrices: 'b0915de3-d1c2-4300-a5c6-b7025de4dfcb',
  profile: 'c1a26ef4-e2d3-4411-b6d7-c8136ef5e0dc',
};

export const SHOP_FIXTURES = {
  clients: [{ client_id: 'shop' }, { client_id: 'back-office', client_secret: 'back-office-secret' }],
  redirect_uris: ['https://shop.test/account/callback'],
  accounts: [
    { id: ids.north, name: 'North Trade', legal_name: 'North Trade Ltd' },
    { id: ids.south, name: 'South Trade', legal_name: 'South Trade Ltd' },
  ],
  account_members: [
    { id: ids.kim, name: 'Kim North', email: 'kim@shop.test' },
    { id: ids.lee, name: 'Lee South', email: 'lee@shop.test' },
    { id: ids.joe, name: 'Joe Both', email: 'joe@shop.test' },
  ],
  account_memberships: [
    { id: 'd2b37f05-f3e4-4522-87e8-d9247f06f1ed', account_id: ids.north, account_member_id: ids.kim },
    { id: 'e3c48016-04f5-4633-98f9-ea358017020e', account_id: ids.south, account_member_id: ids.lee },
    { id: 'f4d59127-1506-4744-a90a-fb469128131f', account_id: ids.north, account_member_id: ids.joe },
  ],
  idp_users: [
    { email: 'kim@shop.test', password: 'kim-secret', name: 'Kim North' },
    { email: 'lee@shop.test', password: 'lee-secret', name: 'Lee South' },
  ],
  oidc_profiles: [{ id: ids.profile, name: 'Shop Login' }],
  catalogs: [
    { id: ids.everyone, name: 'Everyone' },
    {
      id: ids.northPrices,
      name: 'North prices',
      rules: [{ name: 'North only', account_ids: [ids.north] }],
      releases: [{ id: '05e6a238-2617-4855-ba1b-0c57a239242a' }],
    },
  ],
};
