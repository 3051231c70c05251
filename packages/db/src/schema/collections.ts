import {
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { xp } from './columns';

/**
 * Product collections (OrderCloud's ProductCollections, e.g. favourites): a buyer user's named lists of
 * products. `AccessLevel` Private, Public (every user of the buyer) or Shareable (by invitation). Members
 * who accepted an invitation see the collection; admin members may change it.
 */

export const productCollections = pgTable(
  'product_collections',
  {
    buyerId: text('buyer_id').notNull(),
    id: text('id').notNull(),
    ownerUserId: text('owner_user_id').notNull(),
    name: text('name').notNull(),
    accessLevel: text('access_level').notNull().default('Private'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    xp: xp(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerId, t.id] }),
    index('product_collections_owner_idx').on(t.buyerId, t.ownerUserId),
  ],
);

export const productCollectionEntries = pgTable(
  'product_collection_entries',
  {
    buyerId: text('buyer_id').notNull(),
    collectionId: text('collection_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    listOrder: integer('list_order').notNull().default(0),
    dateAdded: timestamp('date_added', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerId, t.collectionId, t.productId] }),
    foreignKey({
      name: 'product_collection_entries_collection_fk',
      columns: [t.buyerId, t.collectionId],
      foreignColumns: [productCollections.buyerId, productCollections.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

export const productCollectionInvitations = pgTable(
  'product_collection_invitations',
  {
    key: bigserial('key', { mode: 'number' }).primaryKey(),
    buyerId: text('buyer_id').notNull(),
    collectionId: text('collection_id').notNull(),
    /** Unguessable: whoever holds it (and belongs to the buyer) may accept it. */
    id: text('id').notNull().unique(),
    name: text('name'),
    admin: boolean('admin').notNull().default(false),
    /** The user who accepted it (null while open); declined invitations are deleted. */
    acceptedByUserId: text('accepted_by_user_id'),
    expirationDate: timestamp('expiration_date', { withTimezone: true }),
    xp: xp(),
  },
  (t) => [
    foreignKey({
      name: 'product_collection_invitations_collection_fk',
      columns: [t.buyerId, t.collectionId],
      foreignColumns: [productCollections.buyerId, productCollections.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('product_collection_invitations_collection_idx').on(t.buyerId, t.collectionId),
  ],
);
